import { lazy, Suspense } from 'react';
import { isLanguage } from '../../i18n/language';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useParams } from 'react-router';
import { useProfile } from '../../api/profile';
import { Loading } from '../../components/PageState';
import { useDocumentTitle } from '../../components/PageTitle';
import styles from './filters.module.css';
import { ResultsSection } from './ResultsSection';
import { UserSearch } from './UserSearch';

/** The add-user form brings the form library and the route schemas (zod): loaded when that section opens. */
const AddUserForm = lazy(() => import('./AddUserForm').then((m) => ({ default: m.AddUserForm })));

/**
 * The admin filters: results (1), people search (2) and add user (3). The office filter lists departments, the
 * store filter stores; regional managers only read, so they get no add-user section.
 */
export function FilterPage({ kind }: { kind: 'office' | 'store' }) {
  const { t, i18n } = useTranslation('admin');
  const { section = '1' } = useParams();
  const { data: me } = useProfile();
  const title = t(kind === 'office' ? 'title.office' : 'title.store');
  useDocumentTitle(title);
  if (!me) return <Loading />;
  const base = kind === 'office' ? '/filter/dep' : '/filter/user';
  const mayAdd = me.role === 'admin';
  const sections = [
    { id: '1', label: t(kind === 'office' ? 'sections.departmentResults' : 'sections.storeResults') },
    { id: '2', label: t('sections.search') },
    ...(mayAdd ? [{ id: '3', label: t('sections.addUser') }] : []),
  ];
  if (!sections.some((s) => s.id === section)) return <Navigate to={`${base}/1`} replace />;
  const lang = isLanguage(i18n.language) ? i18n.language : 'lv';

  return (
    <div className={styles.page}>
      <header>
        <h1>{title}</h1>
        <nav aria-label={t('sections.label')}>
          <ul className={styles.tabs}>
            {sections.map((s) => (
              <li key={s.id}>
                <NavLink
                  to={`${base}/${s.id}`}
                  className={({ isActive }) => (isActive ? styles.tabActive : styles.tab)}
                  viewTransition
                >
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {section === '1' && (
        <ResultsSection
          key={`${kind}-results`}
          kind={kind === 'office' ? 'department' : 'store'}
          user={me}
          lang={lang}
        />
      )}
      {section === '2' && <UserSearch kind={kind} lang={lang} />}
      {section === '3' && mayAdd && (
        <Suspense fallback={<Loading />}>
          <AddUserForm kind={kind} me={me} />
        </Suspense>
      )}
    </div>
  );
}
