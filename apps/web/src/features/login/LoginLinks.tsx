import { isSafeLink as isSafe, type Language } from '@portal/shared';
import { ClipboardList, ExternalLink, GraduationCap, Link2, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGet } from '../../api/queries';
import { LoadError, Loading } from '../../components/PageState';
import styles from './LoginLinks.module.css';

// Loaded when a survey or course is first opened: the dialog library is a tenth of the sign-in page's script.
const FrameDialog = lazy(() => import('../../components/ContentDialog').then((m) => ({ default: m.FrameDialog })));

/** The login page's lists of one language: external links, surveys (in a modal frame) and pupils' courses. */
export function LoginLinks({ language }: { language: Language }) {
  const { t } = useTranslation('content');
  const lists = useGet('login_links', { language }, { staleTime: 5 * 60_000 });
  const [frame, setFrame] = useState<{ title: string; url: string; kind: 'survey' | 'course' } | null>(null);

  if (lists.isPending) return <Loading />;
  if (lists.isError) return <LoadError message={t('loginLinks.loadError')} onRetry={() => void lists.refetch()} />;
  const { links, linkSurveys, linkCourses } = lists.data;
  if (links.length + linkSurveys.length + linkCourses.length === 0) return null;

  return (
    <div className={styles.lists} data-testid="login-links">
      {linkSurveys.length > 0 && (
        <section aria-labelledby="login-surveys" className={styles.group}>
          <h2 id="login-surveys" className={styles.heading}>
            <ClipboardList aria-hidden size={18} />
            {t('loginLinks.surveys')}
          </h2>
          <ul className={styles.cards}>
            {linkSurveys
              .filter((s) => isSafe(s.surveyUrl))
              .map((survey) => (
                <li
                  key={survey.surveyId}
                  className={`${styles.card} ${survey.boldBorder ? styles.bold : ''}`}
                  data-testid="login-survey"
                  data-bold={survey.boldBorder || undefined}
                >
                  <h3>{survey.surveyHeading}</h3>
                  {survey.surveyIsAnon && (
                    <span className={styles.anon} data-testid="survey-anonymous">
                      <ShieldCheck aria-hidden size={14} />
                      {t('loginLinks.anonymous')}
                    </span>
                  )}
                  <p>{survey.surveyDescription}</p>
                  <button
                    type="button"
                    className={styles.button}
                    onClick={() => setFrame({ title: survey.surveyHeading, url: survey.surveyUrl, kind: 'survey' })}
                  >
                    {t('loginLinks.openSurvey')}
                  </button>
                </li>
              ))}
          </ul>
        </section>
      )}

      {linkCourses.length > 0 && (
        <section aria-labelledby="login-courses" className={styles.group}>
          <h2 id="login-courses" className={styles.heading}>
            <GraduationCap aria-hidden size={18} />
            {t('loginLinks.courses')}
          </h2>
          <ul className={styles.cards}>
            {linkCourses
              .filter((c) => isSafe(c.courseUrl))
              .map((course) => (
                <li key={course.courseId} className={styles.card} data-testid="login-course">
                  <h3>{course.courseHeading}</h3>
                  <p>{course.courseDescription}</p>
                  <button
                    type="button"
                    className={styles.button}
                    onClick={() => setFrame({ title: course.courseHeading, url: course.courseUrl, kind: 'course' })}
                  >
                    {t('loginLinks.openCourse')}
                  </button>
                </li>
              ))}
          </ul>
        </section>
      )}

      {links.length > 0 && (
        <section aria-labelledby="login-external" className={styles.group}>
          <h2 id="login-external" className={styles.heading}>
            <Link2 aria-hidden size={18} />
            {t('loginLinks.links')}
          </h2>
          <ul className={styles.linkList}>
            {links
              .filter((l) => isSafe(l.linkUrl))
              .map((link) => (
                <li key={link.linkId}>
                  <a href={link.linkUrl} target="_blank" rel="noopener noreferrer" data-testid="login-link">
                    <span className={styles.linkTitle}>
                      {link.linkHeading}
                      <ExternalLink aria-hidden size={14} />
                    </span>
                    {link.linkDescription && <span className={styles.linkText}>{link.linkDescription}</span>}
                    <span className="visually-hidden"> {t('resources.newTab')}</span>
                  </a>
                </li>
              ))}
          </ul>
        </section>
      )}

      {frame && (
        <Suspense fallback={<Loading />}>
          <FrameDialog
            title={frame.title}
            url={frame.url}
            open
            onOpenChange={(open) => !open && setFrame(null)}
            testId={frame.kind === 'survey' ? 'survey-modal' : 'course-modal'}
          />
        </Suspense>
      )}
    </div>
  );
}
