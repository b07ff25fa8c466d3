import type { UserProfile } from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDialogHandlers } from '../components/use-dialog-handlers';
import styles from './AppLayout.module.css';
import { SideMenu } from './SideMenu';

/** The side menu as a drawer on narrow screens, open while shown; focus goes back to the menu button when it closes. */
export function MenuDrawer({ user, onClose }: { user: UserProfile; onClose: () => void }) {
  const { t } = useTranslation();
  const dialogHandlers = useDialogHandlers(onClose);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.drawer} aria-describedby={undefined} {...dialogHandlers}>
          <Dialog.Title className="visually-hidden">{t('menu.label')}</Dialog.Title>
          <Dialog.Close className={styles.closeButton} aria-label={t('menu.close')}>
            <X aria-hidden size={22} />
          </Dialog.Close>
          <SideMenu user={user} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
