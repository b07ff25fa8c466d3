import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useProfile } from '../api/profile';
import { Loading } from '../components/PageState';
import { savedLanguage } from '../i18n/language';
import styles from './AppLayout.module.css';
import { forgetUser, storedUserId } from './session';
import { SideMenu } from './SideMenu';

/** The frame of every signed-in view: side menu, the main block, and the session guard of spec section 2. */
export function AppLayout() {
  const hasSession = storedUserId() !== null;
  const profile = useProfile({ enabled: hasSession });
  const { t, i18n } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    if (profile.data && !savedLanguage() && i18n.language !== profile.data.language) {
      void i18n.changeLanguage(profile.data.language);
    }
  }, [profile.data, i18n]);

  if (!hasSession) return <Navigate to="/" replace />;
  if (profile.isError) {
    console.error('loading the user failed', profile.error);
    forgetUser();
    return <Navigate to="/" replace />;
  }
  if (!profile.data) return <Loading />;
  const user = profile.data;

  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        {t('skipToContent')}
      </a>
      <header className={styles.topbar}>
        <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <Dialog.Trigger className={styles.menuButton} aria-label={t('menu.open')}>
            <Menu aria-hidden size={24} />
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className={styles.overlay} />
            <Dialog.Content className={styles.drawer} aria-describedby={undefined}>
              <Dialog.Title className="visually-hidden">{t('menu.label')}</Dialog.Title>
              <Dialog.Close className={styles.closeButton} aria-label={t('menu.close')}>
                <X aria-hidden size={22} />
              </Dialog.Close>
              <SideMenu user={user} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        <span className={styles.brand}>{t('appName')}</span>
      </header>
      <aside className={styles.sidebar}>
        <SideMenu user={user} />
      </aside>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
