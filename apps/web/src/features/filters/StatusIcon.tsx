import { COURSE_STATUSES, type CourseStatus } from '@portal/shared';
import { AlertCircle, CheckCircle2, Circle, Clock, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styles from './filters.module.css';

const ICONS = {
  not_assigned: Minus,
  incomplete: Circle,
  complete: CheckCircle2,
  'expires-soon': Clock,
  expired: AlertCircle,
} as const;

/** A course status as an icon with its name for screen readers and on hover. */
export function StatusIcon({ status, withText = false }: { status: CourseStatus; withText?: boolean }) {
  const { t } = useTranslation('admin');
  const Icon = ICONS[status];
  const label = t(`status.${status}`);
  return (
    <span className={`${styles.status} ${styles[`status-${status}`]}`} title={label} data-status={status}>
      <Icon aria-hidden size={18} />
      {withText ? <span>{label}</span> : <span className="visually-hidden">{label}</span>}
    </span>
  );
}

/** The legend of the status icons. */
export function StatusLegend() {
  const { t } = useTranslation('admin');
  return (
    <ul className={styles.legend} aria-label={t('results.legend')}>
      {COURSE_STATUSES.map((status) => (
        <li key={status}>
          <StatusIcon status={status} withText />
        </li>
      ))}
    </ul>
  );
}
