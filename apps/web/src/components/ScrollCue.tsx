import { useEffect, useRef, type HTMLAttributes, type Ref } from 'react';
import styles from './ScrollCue.module.css';

/** Marks the frame while the box has content beyond its right edge. */
function markEdge(box: HTMLElement, frame: HTMLElement): void {
  frame.toggleAttribute('data-more-right', box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
}

/**
 * A box that scrolls sideways (a wide table) with a shadow on its right edge while more columns are beyond it: a table
 * cut at the edge of the page otherwise looks whole. `ref` and the other attributes are the scrolling box's.
 */
export function ScrollCue({
  ref,
  className,
  children,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { ref?: Ref<HTMLDivElement> }) {
  const frame = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const scroller = box.current;
    const outer = frame.current;
    if (!scroller || !outer) return;
    const update = () => markEdge(scroller, outer);
    update();
    const resized = new ResizeObserver(update);
    resized.observe(scroller);
    if (scroller.firstElementChild) resized.observe(scroller.firstElementChild);
    scroller.addEventListener('scroll', update, { passive: true });
    return () => {
      resized.disconnect();
      scroller.removeEventListener('scroll', update);
    };
  }, []);

  const setBox = (element: HTMLDivElement | null) => {
    box.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };

  return (
    <div ref={frame} className={styles.frame} data-testid="scroll-cue">
      <div ref={setBox} className={className} {...rest}>
        {children}
      </div>
    </div>
  );
}
