import type { adminRoutes } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import styles from './filters.module.css';

const PARTS = [
  { key: 'complete', status: 'complete' },
  { key: 'expires_soon', status: 'expires-soon' },
  { key: 'expired', status: 'expired' },
  { key: 'incomplete', status: 'incomplete' },
] as const;

const BAR = 22;
const GAP = 14;
const LABEL = 180;
const WIDTH = 720;

/**
 * Per store or department, a 100 % stacked bar of complete / expires soon / expired / incomplete results of the
 * shown courses; people on long-term absence are left out. Plain SVG with a text table for screen readers.
 */
export function ResultsChart({ summary }: { summary: adminRoutes.ResultSummary[] }) {
  const { t } = useTranslation('admin');
  const rows = summary.filter((s) => s.people > 0);
  if (rows.length === 0) return null;
  const height = rows.length * (BAR + GAP) + GAP;
  const plot = WIDTH - LABEL - 56;
  return (
    <figure className={styles.chart} data-testid="results-chart">
      <figcaption>{t('chart.title')}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-label={t('chart.title')}
        preserveAspectRatio="xMinYMin meet"
      >
        {rows.map((row, i) => {
          const total = PARTS.reduce((sum, p) => sum + row[p.key], 0);
          const y = GAP + i * (BAR + GAP);
          let x = LABEL;
          return (
            <g key={row.department_alias}>
              <text
                x={LABEL - 8}
                y={y + BAR / 2}
                textAnchor="end"
                dominantBaseline="middle"
                className={styles.chartLabel}
              >
                {row.department_label.length > 24 ? `${row.department_label.slice(0, 23)}…` : row.department_label}
              </text>
              {total === 0 ? (
                <rect x={LABEL} y={y} width={plot} height={BAR} className={styles['bar-none']} rx={3} />
              ) : (
                PARTS.map((part) => {
                  const width = (row[part.key] / total) * plot;
                  const rect = width > 0 && (
                    <rect
                      key={part.key}
                      x={x}
                      y={y}
                      width={width}
                      height={BAR}
                      className={styles[`bar-${part.status}`]}
                    >
                      <title>{`${t(`status.${part.status}`)}: ${row[part.key]}`}</title>
                    </rect>
                  );
                  x += width;
                  return rect;
                })
              )}
              <text x={LABEL + plot + 8} y={y + BAR / 2} dominantBaseline="middle" className={styles.chartLabel}>
                {total === 0 ? '–' : `${Math.round((row.complete / total) * 100)}%`}
              </text>
            </g>
          );
        })}
      </svg>
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
