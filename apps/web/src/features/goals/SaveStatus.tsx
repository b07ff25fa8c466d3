import { AlertTriangle, Check, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SaveState } from './save-tracker';
import styles from './GoalsPage.module.css';

/** "Saved", "Saving…" or "Not saved, retrying": the screen-wide state of every edit. */
export function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation('goals');
  return (
    <p
      className={`${styles.saveStatus} ${styles[`save-${state}`] ?? ''}`}
      role="status"
      data-testid="save-status"
      data-state={state}
    >
      {state === 'failed' ? (
        <AlertTriangle aria-hidden size={18} />
      ) : state === 'saving' || state === 'pending' ? (
        <Loader2 aria-hidden size={18} className={styles.spin} />
      ) : (
        <Check aria-hidden size={18} />
      )}
      <span>{t(`save.${state}`)}</span>
    </p>
  );
}
