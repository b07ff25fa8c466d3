import { COUNTRIES, type Country, type Language } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '../../api/client';
import { useGet, usePostRead } from '../../api/queries';
import { Empty, Loading, LoadError } from '../../components/PageState';
import { PendingButton } from '../../components/PendingButton';
import { useRefocus } from '../../components/use-refocus';
import { errorText } from './errors';
import styles from './manager.module.css';

const isCountry = (value: string): value is Country => (COUNTRIES as readonly string[]).includes(value);

function toggled<T>(list: T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

/** Section 5: courses given to every person of chosen departments (additional courses), counted before saving. */
export function DepartmentCoursesSection({ language }: { language: Language }) {
  const { t } = useTranslation('manager');
  const client = useQueryClient();
  const [country, setCountry] = useState<Country>(isCountry(language) ? language : 'lv');
  const [courseIds, setCourseIds] = useState<number[]>([]);
  const [departments, setDepartments] = useState<string[]>([]);
  const courses = usePostRead('courses_by_type', { language });
  const places = useGet('get_all_departments', { country });
  const ready = courseIds.length > 0 && departments.length > 0;
  const impact = useGet('add_courses_impact', { course_ids: courseIds, departments }, { enabled: ready });
  const give = useMutation({
    mutationFn: () => post('add_courses', { course_ids: courseIds, departments }),
    onSuccess: async () => {
      setCourseIds([]);
      setDepartments([]);
      await client.invalidateQueries({ queryKey: ['add_courses_impact'] });
      await client.invalidateQueries({ queryKey: ['course_progress'] });
    },
  });
  const enabled = (courses.data ?? []).filter((c) => c.status === 'enabled');
  const done = useRef<HTMLParagraphElement>(null);
  // Given, the choice is cleared and Give disabled: the message that says so, just above it, takes the focus.
  useRefocus(done, give.status);

  return (
    <section className={styles.section} aria-labelledby="departments-title">
      <div className={styles.card}>
        <h2 id="departments-title">{t('departments.title')}</h2>
        <p className={styles.intro}>{t('departments.intro')}</p>
        <div className={styles.split}>
          <fieldset className={styles.choiceList}>
            <legend>{t('departments.courses', { language: t(`common:languages.${language}`) })}</legend>
            {courses.isPending && <Loading />}
            {courses.isError && <LoadError onRetry={() => void courses.refetch()} />}
            {courses.data && enabled.length === 0 && <Empty>{t('course.none')}</Empty>}
            {enabled.map((c) => (
              <label key={c.id} className={styles.check}>
                <input
                  type="checkbox"
                  checked={courseIds.includes(c.id)}
                  onChange={() => {
                    setCourseIds(toggled(courseIds, c.id));
                    give.reset();
                  }}
                />
                <span>
                  {c.name} <span className={styles.code}>{c.alias}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset className={styles.choiceList}>
            <legend>{t('departments.departments')}</legend>
            <label className={styles.inlineField}>
              <span>{t('positions.country')}</span>
              <select
                value={country}
                onChange={(event) => {
                  setCountry(event.target.value as Country);
                  setDepartments([]);
                }}
              >
                {COUNTRIES.map((c) => (
                  <option key={c} value={c}>
                    {c.toUpperCase()}
                  </option>
                ))}
              </select>
            </label>
            {places.isPending && <Loading />}
            {places.isError && <LoadError onRetry={() => void places.refetch()} />}
            {(places.data ?? []).map((d) => (
              <label key={d.id} className={styles.check}>
                <input
                  type="checkbox"
                  checked={departments.includes(d.alias)}
                  onChange={() => {
                    setDepartments(toggled(departments, d.alias));
                    give.reset();
                  }}
                />
                <span>
                  {d.label}{' '}
                  <span className={styles.help}>
                    {t(d.kind === 'store' ? 'departments.store' : 'departments.office')}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        </div>
        <div className={styles.summary} aria-live="polite" data-testid="departments-impact">
          {!ready && <p className={styles.help}>{t('departments.choose')}</p>}
          {ready && impact.isPending && <Loading />}
          {ready && impact.isError && <p className={styles.formError}>{errorText(t, impact.error)}</p>}
          {ready && impact.data && (
            <p className={styles.total}>
              {t('departments.impact', { people: impact.data.people, added: impact.data.added })}
            </p>
          )}
        </div>
        {give.isError && (
          <p className={styles.formError} role="alert">
            {errorText(t, give.error)}
          </p>
        )}
        {give.isSuccess && (
          <p className={styles.success} role="status" ref={done} tabIndex={-1}>
            <CheckCircle2 aria-hidden size={20} />
            <span>{t('departments.done', { added: give.data.added })}</span>
          </p>
        )}
        <div className={styles.actions}>
          <PendingButton
            type="button"
            className={styles.primary}
            disabled={!ready || !impact.data}
            pending={give.isPending}
            onClick={() => give.mutate()}
          >
            {give.isPending ? t('form.saving') : t('departments.give')}
          </PendingButton>
        </div>
      </div>
    </section>
  );
}
