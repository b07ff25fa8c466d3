import { AlertTriangle, Loader2 } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './PageState.module.css';
import { focusIsLost } from './use-refocus';

/** Loading indicator for a section or a whole page. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.state} role="status" aria-live="polite">
      <Loader2 className={styles.spin} aria-hidden size={28} />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}

/** A failed load with a way to try again. */
export function LoadError({ onRetry, message }: { onRetry?: () => void; message?: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // A retry that succeeds takes this box away with its focused button, and the focus would fall to the page's body: a
  // keyboard or screen reader user would start again at the top. It goes to the section's heading instead when that
  // takes focus, else to the main block. A layout effect's cleanup runs while the box is still in the page.
  useLayoutEffect(() => {
    const node = box.current;
    return () => {
      if (!node?.contains(document.activeElement)) return;
      const target =
        node.closest('section')?.querySelector<HTMLElement>(':is(h1, h2, h3)[tabindex="-1"]') ??
        node.closest<HTMLElement>('main');
      requestAnimationFrame(() => {
        if (focusIsLost()) target?.focus();
      });
    };
  }, []);
  return (
    <div className={styles.state} role="alert" ref={box}>
      <AlertTriangle aria-hidden size={28} className={styles.warn} />
      <span>{message ?? t('errors.generic')}</span>
      {onRetry && (
        <button type="button" className={styles.retry} onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}

/** Nothing to show yet, said plainly. */
export function Empty({ children }: { children: React.ReactNode }) {
  return <div className={styles.empty}>{children}</div>;
}
