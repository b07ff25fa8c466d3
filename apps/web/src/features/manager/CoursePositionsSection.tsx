import { COUNTRIES, type Country, type Language, type managerRoutes } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '../../api/client';
import { useGet } from '../../api/queries';
import { Empty, Loading, LoadError } from '../../components/PageState';
import { errorText } from './errors';
import styles from './manager.module.css';

type Grid = managerRoutes.CoursePositionGrid;
type Cell = Grid['cells'][number];

interface Change {
  course: Grid['courses'][number];
  position: managerRoutes.ManagerPosition;
  add: boolean;
  affected: number;
}

const isCountry = (value: string): value is Country => (COUNTRIES as readonly string[]).includes(value);

/**
 * Section 3: positions × course versions of the language. Ticks are collected as pending changes, each with the
 * number of people it affects, and saved together.
 */
export function CoursePositionsSection({ language }: { language: Language }) {
  const { t } = useTranslation('manager');
  const client = useQueryClient();
  const [country, setCountry] = useState<Country | ''>('');
  const input = isCountry(language) ? { language } : { language, ...(country ? { country } : {}) };
  const grid = useGet('get_course_positions', input);
  const [pending, setPending] = useState<Map<string, Change>>(new Map());
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ saved: number; affected: number } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const cells = new Map((grid.data?.cells ?? []).map((c) => [`${c.course_id}:${c.position_id}`, c]));
  const toggle = (course: Change['course'], position: Change['position'], cell: Cell) => {
    const key = `${course.id}:${position.id}`;
    const next = new Map(pending);
    if (next.has(key)) next.delete(key);
    else next.set(key, { course, position, add: !cell.assigned, affected: cell.affected });
    setPending(next);
    setOutcome(null);
  };

  const save = async () => {
    setSaving(true);
    setFailure(null);
    let saved = 0;
    let affected = 0;
    try {
      for (const [key, change] of pending) {
        const result = await post(change.add ? 'add_course_to_position' : 'remove_course_from_position', {
          courseId: change.course.id,
          courseAlias: change.course.alias,
          position: change.position.alias,
          language,
          ...(isCountry(language) ? {} : { country: change.position.country as Country }),
        });
        saved += 1;
        affected += result.affected;
        setPending((current) => {
          const rest = new Map(current);
          rest.delete(key);
          return rest;
        });
      }
      setOutcome({ saved, affected });
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
      await client.invalidateQueries({ queryKey: ['get_course_positions'] });
      await client.invalidateQueries({ queryKey: ['courses_by_type'] });
    }
  };

  const changes = [...pending.values()];
  const total = changes.reduce((sum, c) => sum + c.affected, 0);
  const showCountry = (p: managerRoutes.ManagerPosition) =>
    isCountry(language) ? '' : ` (${p.country.toUpperCase()})`;

  return (
    <section className={styles.section} aria-labelledby="positions-title">
      <div className={styles.card}>
        <h2 id="positions-title">{t('positions.title', { language: t(`common:languages.${language}`) })}</h2>
        <p className={styles.intro}>{t('positions.intro')}</p>
        {!isCountry(language) && (
          <label className={styles.inlineField}>
            <span>{t('positions.country')}</span>
            <select value={country} onChange={(event) => setCountry(event.target.value as Country | '')}>
              <option value="">{t('positions.allCountries')}</option>
              {COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {c.toUpperCase()}
                </option>
              ))}
            </select>
          </label>
        )}
        {grid.isPending && <Loading />}
        {grid.isError && <LoadError onRetry={() => void grid.refetch()} />}
        {grid.data && grid.data.courses.length === 0 && <Empty>{t('course.none')}</Empty>}
        {grid.data && grid.data.courses.length > 0 && (
          <div className={styles.tableWrap}>
            <table className={`${styles.table} ${styles.matrix}`} data-testid="course-position-grid">
              <thead>
                <tr>
                  <th scope="col">{t('positions.course')}</th>
                  {grid.data.positions.map((p) => (
                    <th scope="col" key={p.id} className={styles.positionHead}>
                      <span>
                        {p.label}
                        {showCountry(p)}
                      </span>
                      <span className={styles.help}>{t('positions.people', { count: p.people })}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {grid.data.courses.map((course) => (
                  <tr key={course.id} className={course.status === 'disabled' ? styles.muted : undefined}>
                    <th scope="row">
                      <span>{course.name}</span>
                      <span className={styles.help}>
                        {t(`course.types.${course.course_type}`)}
                        {course.status === 'disabled' && ` · ${t('course.disabledState')}`}
                      </span>
                    </th>
                    {grid.data.positions.map((position) => {
                      const cell = cells.get(`${course.id}:${position.id}`);
                      if (!cell) return <td key={position.id} />;
                      const change = pending.get(`${course.id}:${position.id}`);
                      const checked = change ? change.add : cell.assigned;
                      return (
                        <td key={position.id} className={change ? styles.changed : undefined}>
                          <label className={styles.cell}>
                            <input
                              type="checkbox"
                              checked={checked}
                              disabled={saving}
                              data-testid={`cell-${course.alias}-${position.country}-${position.alias}`}
                              onChange={() => toggle(course, position, cell)}
                            />
                            <span className="visually-hidden">
                              {course.name} · {position.label}
                              {showCountry(position)}
                            </span>
                            {change && (
                              <span className={styles.badge}>
                                {change.add ? '+' : '−'}
                                {change.affected}
                              </span>
                            )}
                          </label>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <aside className={styles.card} aria-labelledby="pending-title" data-testid="pending-changes">
        <h2 id="pending-title">{t('positions.pendingTitle')}</h2>
        {changes.length === 0 && !outcome && <p className={styles.help}>{t('positions.noPending')}</p>}
        {changes.length > 0 && (
          <>
            <ul className={styles.changes}>
              {changes.map((c) => (
                <li key={`${c.course.id}:${c.position.id}`}>
                  {t(c.add ? 'positions.changeAdd' : 'positions.changeRemove', {
                    course: c.course.name,
                    position: `${c.position.label}${showCountry(c.position)}`,
                    count: c.affected,
                  })}
                </li>
              ))}
            </ul>
            <p className={styles.total} data-testid="pending-total">
              {t('positions.total', { count: total })}
            </p>
            <div className={styles.actions}>
              <button
                type="button"
                className={styles.secondary}
                disabled={saving}
                onClick={() => setPending(new Map())}
              >
                {t('positions.discard')}
              </button>
              <button type="button" className={styles.primary} disabled={saving} onClick={() => void save()}>
                {saving ? t('form.saving') : t('positions.save', { count: changes.length })}
              </button>
            </div>
          </>
        )}
        {failure !== null && (
          <p className={styles.formError} role="alert">
            {errorText(t, failure)}
          </p>
        )}
        {outcome && (
          <p className={styles.success} role="status" data-testid="positions-saved">
            <CheckCircle2 aria-hidden size={20} />
            <span>{t('positions.saved', { count: outcome.saved, people: outcome.affected })}</span>
          </p>
        )}
      </aside>
    </section>
  );
}
