import { AlertTriangle, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styles from './PageState.module.css';

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
  return (
    <div className={styles.state} role="alert">
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
