import { useEffect, useRef, type RefObject } from 'react';

/**
 * Puts the keyboard focus on `target` when `key` changes and the change took the focused element away with it (a
 * button that did its work and went, a field or button that was disabled): the focus fell, or is about to fall, to the
 * page's body, and a keyboard or screen reader user would start again at the top of the page. Focus that is still on
 * something usable stays where it is.
 */
export function useRefocus(target: RefObject<HTMLElement | null>, key: unknown): void {
  const previous = useRef(key);
  useEffect(() => {
    if (Object.is(previous.current, key)) return;
    previous.current = key;
    if (focusIsLost()) target.current?.focus();
  }, [key, target]);
}

/** Whether the keyboard focus is nowhere a user put it: on the page's body, or on something now disabled. */
export function focusIsLost(): boolean {
  const focused = document.activeElement;
  return focused === null || focused === document.body || focused.matches(':disabled');
}
