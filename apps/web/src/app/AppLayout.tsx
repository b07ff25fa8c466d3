import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useProfile } from '../api/profile';
import { Loading } from '../components/PageState';
import { focusIsLost } from '../components/use-refocus';
import { savedLanguage } from '../i18n/language';
import styles from './AppLayout.module.css';
import { forgetUser, storedUserId } from './session';
import { SideMenu } from './SideMenu';

/** The drawer's dialog code is an eighth of a signed-in page's: it loads when the menu first opens. */
const MenuDrawer = lazy(() => import('./MenuDrawer').then((m) => ({ default: m.MenuDrawer })));

/** The frame of every signed-in view: side menu, the main block, and the session guard of spec section 2. */
export function AppLayout() {
  const hasSession = storedUserId() !== null;
  const profile = useProfile({ enabled: hasSession });
  const { t, i18n } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  const main = useRef<HTMLElement>(null);

  useEffect(() => setMenuOpen(false), [location.pathname]);

  // A link inside a page goes with that page, and the focus fell to the body: a keyboard or screen reader user began
  // again at the top of the document. The main block takes it instead; a link that stays (a tab, the menu) keeps it.
  // In the next frame, with its layout: focusing lays out the page, and done in the effects of a first load it made one
  // long task of them (Lighthouse on /home: TBT 177 -> 150 ms, docs/performance.md, "The web app").
  // Without scrolling: on a phone the top bar is sticky, and the main block scrolled to the top of the window put the
  // page's heading under it.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      if (focusIsLost()) main.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [location.pathname]);

  // With no language chosen on this device, the pages speak the user's own, and wait until its catalogs are in. Shown
  // in the default language first, they flashed, and each call that names the language was made twice: a press on a
  // button of the first answer (a notification's "read") was lost when the second answer replaced it.
  const ownLanguage = profile.data && !savedLanguage() ? profile.data.language : null;
  const languageLoading = ownLanguage !== null && i18n.language !== ownLanguage;
  useEffect(() => {
    if (ownLanguage && languageLoading) void i18n.changeLanguage(ownLanguage);
  }, [ownLanguage, languageLoading, i18n]);

  if (!hasSession) return <Navigate to="/" replace />;
  if (profile.isError) {
    console.error('loading the user failed', profile.error);
    forgetUser();
    return <Navigate to="/" replace />;
  }
  if (!profile.data || languageLoading) return <Loading />;
  const user = profile.data;

  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        {t('skipToContent')}
      </a>
      <header className={styles.topbar}>
        <button
          type="button"
          className={styles.menuButton}
          aria-label={t('menu.open')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <Menu aria-hidden size={24} />
        </button>
        {menuOpen && (
          <Suspense fallback={null}>
            <MenuDrawer user={user} onClose={() => setMenuOpen(false)} />
          </Suspense>
        )}
        <span className={styles.brand}>{t('appName')}</span>
      </header>
      <aside className={styles.sidebar}>
        <SideMenu user={user} />
      </aside>
      <main id="main" ref={main} className={styles.main} tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
