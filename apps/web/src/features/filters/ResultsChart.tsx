import type { adminRoutes } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import styles from './filters.module.css';

const PARTS = [
  { key: 'complete', status: 'complete' },
  { key: 'expires_soon', status: 'expires-soon' },
  { key: 'expired', status: 'expired' },
  { key: 'incomplete', status: 'incomplete' },
] as const;

/**
 * Per store or department, a 100 % stacked bar of complete / expires soon / expired / incomplete results of the
 * shown courses; people on long-term absence are left out. Bars of plain elements, one a row: beside their label on a
 * wide screen, below it on a phone, so the labels keep their size at any width. A text table for screen readers.
 */
export function ResultsChart({ summary }: { summary: adminRoutes.ResultSummary[] }) {
  const { t } = useTranslation('admin');
  const rows = summary.filter((s) => s.people > 0);
  if (rows.length === 0) return null;
  return (
    <figure className={styles.chart} data-testid="results-chart">
      <figcaption>{t('chart.title')}</figcaption>
      <div role="img" aria-label={t('chart.title')} className={styles.chartRows}>
        {rows.map((row) => {
          const total = PARTS.reduce((sum, p) => sum + row[p.key], 0);
          return (
            <div key={row.department_alias} className={styles.chartRow} data-testid="chart-row">
              <span className={styles.chartLabel}>{row.department_label}</span>
              <span className={styles.chartBar}>
                {total === 0 ? (
                  <span className={styles['bar-none']} style={{ width: '100%' }} />
                ) : (
                  PARTS.filter((part) => row[part.key] > 0).map((part) => (
                    <span
                      key={part.key}
                      className={styles[`bar-${part.status}`]}
                      style={{ width: `${(row[part.key] / total) * 100}%` }}
                      title={`${t(`status.${part.status}`)}: ${row[part.key]}`}
                    />
                  ))
                )}
              </span>
              <span className={styles.chartValue}>
                {total === 0 ? '–' : `${Math.round((row.complete / total) * 100)}%`}
              </span>
            </div>
          );
        })}
      </div>
      <ul className={styles.chartKey} aria-hidden>
        {PARTS.map((part) => (
          <li key={part.key}>
            <span className={`${styles.swatch} ${styles[`bar-${part.status}`]}`} />
            {t(`status.${part.status}`)}
          </li>
        ))}
      </ul>
      {/* A table is as wide as its cells whatever its own width says: hidden in a 1 px box that clips it, it cannot
          widen the page on a phone. */}
      <div className="visually-hidden">
        <table id="results-chart-summary">
          <caption>{t('chart.title')}</caption>
          <thead>
            <tr>
              <th>{t('results.department')}</th>
              {PARTS.map((p) => (
                <th key={p.key}>{t(`status.${p.status}`)}</th>
              ))}
              <th>{t('chart.longTerm')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.department_alias}>
                <th>{row.department_label}</th>
                {PARTS.map((p) => (
                  <td key={p.key}>{row[p.key]}</td>
                ))}
                <td>{row.long_term}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.some((r) => r.long_term > 0) && <p className={styles.note}>{t('chart.longTermNote')}</p>}
    </figure>
  );
}
