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

type Grid = managerRoutes.InstructionPositionGrid;

interface Change {
  bundle: Grid['bundles'][number];
  position: managerRoutes.ManagerPosition;
  add: boolean;
}

const isCountry = (value: string): value is Country => (COUNTRIES as readonly string[]).includes(value);

/** Section 4: instruction bundles × positions of a country, changes counted in people and saved together. */
export function InstructionPositionsSection({ language }: { language: Language }) {
  const { t } = useTranslation('manager');
  const client = useQueryClient();
  const [country, setCountry] = useState<Country>(isCountry(language) ? language : 'lv');
  const grid = useGet('get_instruction_positions', { country });
  const [pending, setPending] = useState<Map<string, Change>>(new Map());
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ saved: number; affected: number } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const assigned = new Set((grid.data?.assignments ?? []).map((a) => `${a.bundle_id}:${a.position_id}`));

  const toggle = (bundle: Change['bundle'], position: Change['position']) => {
    const key = `${bundle.bundleId}:${position.id}`;
    const next = new Map(pending);
    if (next.has(key)) next.delete(key);
    else next.set(key, { bundle, position, add: !assigned.has(key) });
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
        const result = await post(change.add ? 'add_instruction_to_position' : 'remove_instruction_from_position', {
          bundleId: change.bundle.bundleId,
          position: change.position.alias,
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
      await client.invalidateQueries({ queryKey: ['get_instruction_positions'] });
    }
  };

  const changes = [...pending.values()];
  const total = changes.reduce((sum, c) => sum + c.position.people, 0);

  return (
    <section className={styles.section} aria-labelledby="instructions-title">
      <div className={styles.card}>
        <h2 id="instructions-title">{t('instructions.title')}</h2>
        <p className={styles.intro}>{t('instructions.intro')}</p>
        <label className={styles.inlineField}>
          <span>{t('positions.country')}</span>
          <select
            value={country}
            disabled={pending.size > 0}
            onChange={(event) => setCountry(event.target.value as Country)}
          >
            {COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {c.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        {grid.isPending && <Loading />}
        {grid.isError && <LoadError onRetry={() => void grid.refetch()} />}
        {grid.data && grid.data.bundles.length === 0 && <Empty>{t('instructions.none')}</Empty>}
        {grid.data && grid.data.bundles.length > 0 && (
          <div className={styles.tableWrap}>
            <table className={`${styles.table} ${styles.matrix}`} data-testid="instruction-position-grid">
              <thead>
                <tr>
                  <th scope="col">{t('instructions.bundle')}</th>
                  {grid.data.positions.map((p) => (
                    <th scope="col" key={p.id} className={styles.positionHead}>
                      <span>{p.label}</span>
                      <span className={styles.help}>{t('positions.people', { count: p.people })}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {grid.data.bundles.map((bundle) => (
                  <tr key={bundle.bundleId}>
                    <th scope="row">
                      <span>{bundle.category_name}</span>
                      {bundle.mandatory && <span className={styles.help}>{t('instructions.mandatory')}</span>}
                    </th>
                    {grid.data.positions.map((position) => {
                      const key = `${bundle.bundleId}:${position.id}`;
                      const change = pending.get(key);
                      return (
                        <td key={position.id} className={change ? styles.changed : undefined}>
                          <label className={styles.cell}>
                            <input
                              type="checkbox"
                              checked={change ? change.add : assigned.has(key)}
                              disabled={saving}
                              onChange={() => toggle(bundle, position)}
                            />
                            <span className="visually-hidden">
                              {bundle.category_name} · {position.label}
                            </span>
                            {change && (
                              <span className={styles.badge}>
                                {change.add ? '+' : '−'}
                                {position.people}
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

      <aside className={styles.card} aria-labelledby="instruction-pending-title">
        <h2 id="instruction-pending-title">{t('positions.pendingTitle')}</h2>
        {changes.length === 0 && !outcome && <p className={styles.help}>{t('positions.noPending')}</p>}
        {changes.length > 0 && (
          <>
            <ul className={styles.changes}>
              {changes.map((c) => (
                <li key={`${c.bundle.bundleId}:${c.position.id}`}>
                  {t(c.add ? 'positions.changeAdd' : 'positions.changeRemove', {
                    course: c.bundle.category_name,
                    position: c.position.label,
                    count: c.position.people,
                  })}
                </li>
              ))}
            </ul>
            <p className={styles.total}>{t('positions.total', { count: total })}</p>
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
          <p className={styles.success} role="status">
            <CheckCircle2 aria-hidden size={20} />
            <span>{t('positions.saved', { count: outcome.saved, people: outcome.affected })}</span>
          </p>
        )}
      </aside>
    </section>
  );
}
