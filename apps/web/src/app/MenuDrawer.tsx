import type { UserProfile } from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './AppLayout.module.css';
import { SideMenu } from './SideMenu';

/** The side menu as a drawer on narrow screens, open while shown; focus goes back to `opener` when it closes. */
export function MenuDrawer({
  user,
  onClose,
  opener,
}: {
  user: UserProfile;
  onClose: () => void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.drawer}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
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
