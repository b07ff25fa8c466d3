import { LANGUAGES, type Language } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../components/PageTitle';
import { isLanguage } from '../../i18n/language';
import { AddCourseSection } from './AddCourseSection';
import { CoursePositionsSection } from './CoursePositionsSection';
import { DepartmentCoursesSection } from './DepartmentCoursesSection';
import { InstructionPositionsSection } from './InstructionPositionsSection';
import { LoginLinksSection } from './LoginLinksSection';
import styles from './manager.module.css';
import { NotificationSection } from './NotificationSection';

const SECTIONS = ['1', '2', '3', '4', '5', '6'] as const;
type Section = (typeof SECTIONS)[number];
const SECTION_KEYS: Record<Section, string> = {
  '1': 'addCourse',
  '2': 'addNotification',
  '3': 'coursePositions',
  '4': 'instructionPositions',
  '5': 'departmentCourses',
  '6': 'loginLinks',
};

/**
 * The training manager's screens (/manager/{section}): 1 add course, 2 add notification, 3 courses on positions,
 * 4 instruction bundles on positions, 5 courses for whole departments, 6 login page links. The content language
 * follows the side menu's language switch unless another one is chosen here (kept in `?lang=`).
 */
export function ManagerPage() {
  const { t, i18n } = useTranslation('manager');
  const { section = '1' } = useParams();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('lang');
  const language: Language = isLanguage(asked) ? asked : isLanguage(i18n.language) ? i18n.language : 'lv';
  const current = SECTIONS.find((s) => s === section);
  const title = current ? t(`sections.${SECTION_KEYS[current]}`) : t('title');
  useDocumentTitle(title);
  if (!current) return <Navigate to="/manager/1" replace />;
  const query = asked ? `?lang=${language}` : '';

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <p className={styles.eyebrow}>{t('title')}</p>
          <h1>{title}</h1>
        </div>
        <label className={styles.languagePicker}>
          <span>{t('contentLanguage')}</span>
          <select
            value={language}
            data-testid="content-language"
            onChange={(event) => {
              const next = new URLSearchParams(search);
              next.set('lang', event.target.value);
              setSearch(next, { replace: true });
            }}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {t(`common:languages.${code}`)}
              </option>
            ))}
          </select>
        </label>
      </header>
      <nav aria-label={t('sections.label')}>
        <ul className={styles.tabs}>
          {SECTIONS.map((id) => (
            <li key={id}>
              <NavLink
                to={`/manager/${id}${query}`}
                className={({ isActive }) => (isActive ? `${styles.tab} ${styles.tabActive}` : styles.tab)}
                viewTransition
              >
                {t(`sections.${SECTION_KEYS[id]}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {current === '1' && <AddCourseSection key={language} language={language} />}
      {current === '2' && <NotificationSection key={language} language={language} />}
      {current === '3' && <CoursePositionsSection key={language} language={language} />}
      {current === '4' && <InstructionPositionsSection language={language} />}
      {current === '5' && <DepartmentCoursesSection key={language} language={language} />}
      {current === '6' && <LoginLinksSection key={language} language={language} />}
    </div>
  );
}
