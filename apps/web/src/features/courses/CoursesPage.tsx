import type { CourseStatus } from '@portal/shared';
import { LOCALE_TAG, type Language } from '@portal/shared';
import { AlertTriangle, CheckCircle2, Circle, Clock, ExternalLink, PlayCircle, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Navigate, useParams, useSearchParams } from 'react-router';
import { Empty, LoadError, Loading } from '../../components/PageState';
import { useDocumentTitle } from '../../components/PageTitle';
import { CoursePlayer } from './CoursePlayer';
import { useCourseList, type ListedCourse } from './course-list';
import styles from './CoursesPage.module.css';

const SECTIONS = { '1': 'mandatory', '2': 'optional' } as const;

const ICONS: Record<CourseStatus, React.ReactNode> = {
  complete: <CheckCircle2 aria-hidden size={22} />,
  'expires-soon': <Clock aria-hidden size={22} />,
  expired: <XCircle aria-hidden size={22} />,
  incomplete: <Circle aria-hidden size={22} />,
  not_assigned: <AlertTriangle aria-hidden size={22} />,
};

function useDate() {
  const { i18n } = useTranslation();
  const tag = LOCALE_TAG[(i18n.language as Language) ?? 'en'] ?? 'en';
  return (iso: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
}

function CourseCard({ course, onOpen }: { course: ListedCourse; onOpen: (course: ListedCourse) => void }) {
  const { t } = useTranslation('courses');
  const date = useDate();
  const status = course.course_status;
  return (
    <li className={styles.card} data-testid="course" data-alias={course.alias} data-status={status}>
      <span className={`${styles.statusIcon} ${styles[`status-${status}`] ?? ''}`}>{ICONS[status]}</span>
      <div className={styles.cardBody}>
        <h2 className={styles.cardTitle}>{course.name}</h2>
        {course.description && <p className={styles.description}>{course.description}</p>}
        <p className={styles.statusLine} data-testid="course-status">
          <span className={`${styles.badge} ${styles[`status-${status}`] ?? ''}`}>
            {status === 'expires-soon' && course.days_left !== null
              ? t('status.expiresIn', { count: course.days_left })
              : t(`common:status.${status}`)}
          </span>
          {course.complete && course.finish_time && (
            <span data-testid="course-finished">{t('finishedOn', { date: date(course.finish_time) })}</span>
          )}
          {course.complete && course.course_expiration && (
            <span data-testid="course-valid-until">
              {t(status === 'expired' ? 'expiredOn' : 'validUntil', { date: date(course.course_expiration) })}
            </span>
          )}
          {course.expiration > 0 && !course.complete && <span>{t('validity', { count: course.expiration })}</span>}
        </p>
      </div>
      {course.external_url ? (
        <a className={styles.openButton} href={course.external_url} target="_blank" rel="noopener noreferrer">
          <ExternalLink aria-hidden size={18} />
          {t('openExternal')}
          <span className={styles.visuallyHidden}>{t('common:menu.opensNewTab')}</span>
        </a>
      ) : (
        <button type="button" className={styles.openButton} onClick={() => onOpen(course)} data-testid="course-open">
          <PlayCircle aria-hidden size={18} />
          {course.complete && status === 'complete' ? t('review') : t('open')}
          <span className={styles.visuallyHidden}>: {course.name}</span>
        </button>
      )}
    </li>
  );
}

/** `/courses/{section}`: mandatory (1) and optional (2) courses with status, and the player. */
export function CoursesPage() {
  const { t } = useTranslation('courses');
  const { section = '1' } = useParams();
  const type = SECTIONS[section as keyof typeof SECTIONS];
  useDocumentTitle(t('common:menu.courses'));
  const courses = useCourseList();
  // A course opens from its card, or from a link elsewhere in the portal (`?play=<alias>`, e.g. a CMA bundle).
  const [searchParams, setSearchParams] = useSearchParams();
  const [openAlias, setOpenAlias] = useState<string | null>(() => searchParams.get('play'));
  const open = courses.data?.find((c) => c.alias === openAlias) ?? null;
  const close = () => {
    setOpenAlias(null);
    if (searchParams.has('play')) setSearchParams({}, { replace: true });
  };

  if (!type) return <Navigate to="/courses/1" replace />;
  const list = (courses.data ?? []).filter((c) => c.course_type === type);
  const due = (courses.data ?? []).filter(
    (c) => c.course_type === 'mandatory' && (c.course_status === 'incomplete' || c.course_status === 'expired'),
  ).length;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t('common:menu.courses')}</h1>
        <p className={styles.intro}>{t('intro')}</p>
      </header>
      <nav className={styles.tabs} aria-label={t('sections')} data-testid="course-tabs">
        <NavLink
          to="/courses/1"
          className={({ isActive }) => (isActive ? styles.tabActive : styles.tab)}
          viewTransition
        >
          {t('mandatory')}
          {due > 0 && (
            <span className={styles.count} data-testid="due-count">
              {due}
            </span>
          )}
        </NavLink>
        <NavLink
          to="/courses/2"
          className={({ isActive }) => (isActive ? styles.tabActive : styles.tab)}
          viewTransition
        >
          {t('optional')}
        </NavLink>
      </nav>
      {courses.isPending ? (
        <Loading />
      ) : courses.isError ? (
        <LoadError message={t('loadError')} onRetry={() => void courses.refetch()} />
      ) : list.length === 0 ? (
        <Empty>{t(type === 'mandatory' ? 'emptyMandatory' : 'emptyOptional')}</Empty>
      ) : (
        <ul className={styles.list} data-testid="course-list">
          {list.map((course) => (
            <CourseCard key={course.alias} course={course} onOpen={(c) => setOpenAlias(c.alias)} />
          ))}
        </ul>
      )}
      {open && <CoursePlayer course={open} onClose={close} />}
    </div>
  );
}
