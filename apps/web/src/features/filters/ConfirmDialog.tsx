import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { PendingButton } from '../../components/PendingButton';
import { useDialogHandlers } from '../../components/use-dialog-handlers';
import styles from './filters.module.css';

/** A Yes / No question (spec section 8 confirmations); focus stays inside until answered. */
export function ConfirmDialog({
  open,
  question,
  detail,
  onAnswer,
  busy = false,
}: {
  open: boolean;
  question: string;
  detail?: string;
  onAnswer: (yes: boolean) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('admin');
  const dialogHandlers = useDialogHandlers(() => onAnswer(false));
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onAnswer(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.confirm}
          data-testid="confirm-dialog"
          aria-describedby={detail ? 'confirm-detail' : undefined}
          {...dialogHandlers}
        >
          <Dialog.Title className={styles.confirmTitle}>{question}</Dialog.Title>
          {detail && (
            <Dialog.Description id="confirm-detail" className={styles.note}>
              {detail}
            </Dialog.Description>
          )}
          <div className={styles.actions}>
            <PendingButton type="button" className={styles.primary} onClick={() => onAnswer(true)} pending={busy}>
              {t('confirm.yes')}
            </PendingButton>
            <PendingButton type="button" className={styles.secondary} onClick={() => onAnswer(false)} pending={busy}>
              {t('confirm.no')}
            </PendingButton>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
