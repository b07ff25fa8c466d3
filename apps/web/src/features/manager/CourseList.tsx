import type { Language } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { usePost, usePostRead } from '../../api/queries';
import { Empty, Loading, LoadError } from '../../components/PageState';
import { PendingButton } from '../../components/PendingButton';
import { errorText } from './errors';
import styles from './manager.module.css';

/** Every course version of the language, disabled ones too, with a switch to enable or disable each. */
export function CourseList({ language }: { language: Language }) {
  const { t } = useTranslation('manager');
  const list = usePostRead('courses_by_type', { language });
  const update = usePost('update_course', ['courses_by_type', 'get_course_positions']);

  return (
    <section className={styles.card} aria-labelledby="course-list-title">
      <h2 id="course-list-title">{t('course.listTitle', { language: t(`common:languages.${language}`) })}</h2>
      {list.isPending && <Loading />}
      {list.isError && <LoadError onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && <Empty>{t('course.none')}</Empty>}
      {update.isError && (
        <p className={styles.formError} role="alert">
          {errorText(t, update.error)}
        </p>
      )}
      {!!list.data?.length && (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="course-list">
            <thead>
              <tr>
                <th scope="col">{t('course.name')}</th>
                <th scope="col">{t('course.type')}</th>
                <th scope="col">{t('course.expirationShort')}</th>
                <th scope="col">{t('course.positions')}</th>
                <th scope="col">{t('course.state')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((course) => (
                <tr key={course.id} className={course.status === 'disabled' ? styles.muted : undefined}>
                  <td>
                    <strong>{course.name}</strong>
                    <span className={styles.code}>{course.alias}</span>
                  </td>
                  <td>{t(`course.types.${course.course_type}`)}</td>
                  <td>
                    {course.expiration === 0 ? t('course.never') : t('course.months', { count: course.expiration })}
                  </td>
                  <td>{course.positions}</td>
                  <td>
                    <PendingButton
                      type="button"
                      className={styles.toggle}
                      aria-pressed={course.status === 'enabled'}
                      pending={update.isPending}
                      onClick={() =>
                        update.mutate({ id: course.id, status: course.status === 'enabled' ? 'disabled' : 'enabled' })
                      }
                    >
                      {course.status === 'enabled' ? t('course.enabledState') : t('course.disabledState')}
                    </PendingButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
