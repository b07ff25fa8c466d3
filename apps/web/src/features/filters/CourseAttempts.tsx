import { scormTimeSeconds, type courseRoutes } from '@portal/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useGet } from '../../api/queries';
import { LoadError, Loading } from '../../components/PageState';
import styles from './filters.module.css';
import { messageText } from './messages';

/** A time the run-time reported, as hours and minutes (seconds below a minute); a dash when there is none. */
function timeSpentText(t: TFunction, reported: string | null): string {
  const seconds = scormTimeSeconds(reported);
  if (seconds === null) return '—';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (h > 0) return t('attempts.hoursMinutes', { h, m });
  if (m > 0) return t('attempts.minutesSeconds', { m, s: seconds % 60 });
  return t('attempts.seconds', { s: seconds });
}

/** A SCORM status word in the reader's language; one SCORM does not define is shown as it came. */
function statusText(t: TFunction, status: string | null): string {
  if (status === null) return '—';
  const key = `attempts.statuses.${status.replace(/ /g, '_')}`;
  return t(key, { defaultValue: status });
}

/** One person's attempts of one course and, for a course of several parts, each part's status in the latest one. */
export function CourseAttempts({ userId, alias, courseName }: { userId: number; alias: string; courseName: string }) {
  const { t, i18n } = useTranslation('admin');
  const input = { user_id: userId, course_alias: alias };
  const attempts = useGet('get_course_attempts', input);
  const parts = useGet('get_course_parts', input);
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === 'ee' ? 'et' : i18n.language, {
      dateStyle: 'short',
      timeStyle: 'short',
    });
  if (attempts.isPending || parts.isPending) return <Loading />;
  if (attempts.isError || parts.isError) {
    return (
      <LoadError
        message={messageText(t, attempts.error ?? parts.error)}
        onRetry={() => void Promise.all([attempts.refetch(), parts.refetch()])}
      />
    );
  }
  return (
    <div className={styles.attempts} data-testid="course-attempts">
      {attempts.data.length === 0 ? (
        <p className={styles.muted}>{t('attempts.none')}</p>
      ) : (
        <table className={styles.subTable}>
          <caption>{t('attempts.caption', { course: courseName })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('attempts.attempt')}</th>
              <th scope="col">{t('details.status')}</th>
              <th scope="col">{t('attempts.score')}</th>
              <th scope="col">{t('attempts.timeSpent')}</th>
              <th scope="col">{t('attempts.started')}</th>
              <th scope="col">{t('attempts.lastOpened')}</th>
            </tr>
          </thead>
          <tbody>
            {attempts.data.map((attempt) => (
              <tr key={attempt.attempt} data-testid="attempt-row">
                <th scope="row">{attempt.attempt}</th>
                <td>{statusText(t, attempt.status)}</td>
                <td>{attempt.score ?? '—'}</td>
                <td>{timeSpentText(t, attempt.total_time)}</td>
                <td>{when(attempt.started_at)}</td>
                <td>{when(attempt.last_launched_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {parts.data.parts.length > 1 && <PartTable t={t} parts={parts.data} />}
    </div>
  );
}

function PartTable({ t, parts }: { t: TFunction; parts: courseRoutes.CourseParts }) {
  return (
    <table className={styles.subTable}>
      <caption>
        {parts.attempt === null ? t('attempts.partsNever') : t('attempts.parts', { attempt: parts.attempt })}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('attempts.part')}</th>
          <th scope="col">{t('attempts.completion')}</th>
          <th scope="col">{t('attempts.success')}</th>
          <th scope="col">{t('attempts.score')}</th>
        </tr>
      </thead>
      <tbody>
        {parts.parts.map((part) => (
          <tr key={part.id} data-testid="part-row">
            <th scope="row">{part.title}</th>
            <td>{statusText(t, part.completion_status)}</td>
            <td>{statusText(t, part.success_status)}</td>
            <td>{part.score ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
