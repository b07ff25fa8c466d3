import type { UserProfile } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  BookOpen,
  Building2,
  ClipboardCheck,
  Compass,
  GraduationCap,
  Home,
  LibraryBig,
  LogOut,
  Megaphone,
  PlusCircle,
  Store,
  Target,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { post } from '../api/client';
import { isManager, isStoreUser, isTrainingManager } from '../api/profile';
import { useGet } from '../api/queries';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { HelpLinks } from './HelpLinks';
import styles from './SideMenu.module.css';
import { forgetUser } from './session';

interface MenuLinkProps {
  to: string;
  icon: React.ReactNode;
  label: string;
  /** Which path prefix marks the link as current (sections have sub-paths). */
  match?: string;
}

function MenuLink({ to, icon, label, match }: MenuLinkProps) {
  return (
    <li>
      <NavLink
        to={to}
        viewTransition
        className={({ isActive }) =>
          isActive || (match && window.location.pathname.startsWith(match))
            ? `${styles.link} ${styles.active}`
            : styles.link
        }
      >
        {icon}
        <span>{label}</span>
      </NavLink>
    </li>
  );
}

/** The side menu of spec section 2: who is signed in, the sections, and the administrator block. */
export function SideMenu({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const counts = useGet('home_counts', {});
  const iconSize = 20;

  const signOut = async () => {
    await post('logout', {}).catch((error: unknown) => console.error('sign-out failed', error));
    forgetUser();
    // The login page clears what was cached for this person.
    navigate('/', { replace: true });
  };

  return (
    <nav className={styles.menu} aria-label={t('menu.label')}>
      <div className={styles.person}>
        <div className={styles.avatar} aria-hidden>
          {user.name.charAt(0)}
          {user.surname.charAt(0)}
        </div>
        <div>
          <div className={styles.name} data-testid="menu-name">
            {user.name} {user.surname}
          </div>
          <div className={styles.place} data-testid="menu-place">
            {user.store_label ?? user.department}
          </div>
          {isStoreUser(user) && user.position_label && (
            <div className={styles.place} data-testid="menu-position">
              {user.position_label}
            </div>
          )}
        </div>
      </div>

      <ul className={styles.list}>
        <MenuLink to="/home" icon={<Home aria-hidden size={iconSize} />} label={t('menu.start')} />
        <MenuLink to="/goals" icon={<Target aria-hidden size={iconSize} />} label={t('menu.goals')} />
        <MenuLink
          to="/how-to-goals/1/1"
          match="/how-to-goals"
          icon={<Compass aria-hidden size={iconSize} />}
          label={t('menu.howTo')}
        />
        <MenuLink
          to="/courses/1"
          match="/courses"
          icon={<GraduationCap aria-hidden size={iconSize} />}
          label={t('menu.courses')}
        />
        <MenuLink
          to="/resources/1/1"
          match="/resources"
          icon={<LibraryBig aria-hidden size={iconSize} />}
          label={t('menu.resources')}
        />
        {!!counts.data?.cma_bundles && (
          <MenuLink to="/cma/1" match="/cma" icon={<BookOpen aria-hidden size={iconSize} />} label={t('menu.cma')} />
        )}
        {!!counts.data?.instruction_bundles && (
          <MenuLink
            to="/instructions/1"
            match="/instructions"
            icon={<ClipboardCheck aria-hidden size={iconSize} />}
            label={t('menu.instructions')}
          />
        )}
        <HelpLinks linkClassName={styles.link} />
      </ul>

      {isManager(user) && (
        <div className={styles.block}>
          <h2 className={styles.blockTitle}>{t('menu.admin')}</h2>
          <ul className={styles.list}>
            {isStoreUser(user) ? (
              <li>
                <span
                  className={`${styles.link} ${styles.disabled}`}
                  aria-disabled="true"
                  title={t('menu.officeFilterDisabled')}
                >
                  <Building2 aria-hidden size={iconSize} />
                  <span>{t('menu.officeFilter')}</span>
                  <span className="visually-hidden">{t('menu.officeFilterDisabled')}</span>
                </span>
              </li>
            ) : (
              <MenuLink
                to="/filter/dep/1"
                match="/filter/dep"
                icon={<Building2 aria-hidden size={iconSize} />}
                label={t('menu.officeFilter')}
              />
            )}
            <MenuLink
              to="/filter/user/1"
              match="/filter/user"
              icon={<Store aria-hidden size={iconSize} />}
              label={t('menu.storeFilter')}
            />
            {isTrainingManager(user) && (
              <>
                <MenuLink
                  to="/manager/1"
                  icon={<PlusCircle aria-hidden size={iconSize} />}
                  label={t('menu.addCourse')}
                />
                <MenuLink
                  to="/manager/2"
                  icon={<Megaphone aria-hidden size={iconSize} />}
                  label={t('menu.addNotification')}
                />
              </>
            )}
          </ul>
          {isTrainingManager(user) && (
            <div className={styles.language}>
              <LanguageSwitch
                tone="dark"
                onChange={(language) =>
                  void post('set_language', { language }).then(() => queryClient.invalidateQueries())
                }
              />
            </div>
          )}
        </div>
      )}

      <div className={styles.footer}>
        <button type="button" className={styles.signOut} onClick={signOut}>
          <LogOut aria-hidden size={iconSize} />
          <span>{t('menu.signOut')}</span>
        </button>
      </div>
    </nav>
  );
}
