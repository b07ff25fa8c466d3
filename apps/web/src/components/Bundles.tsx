import {
  AlertCircle,
  CheckCircle2,
  Circle,
  Clock,
  Eye,
  ExternalLink,
  FileText,
  GraduationCap,
  ArrowRight,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './Bundles.module.css';
import contentPage from './ContentPage.module.css';

/** Where the course player opens a course by alias (the courses screen reads `?play=`). */
export const coursePlayerPath = (alias: string) => `/courses/1?play=${encodeURIComponent(alias)}`;

export type BundleStatus = 'new' | 'seen' | 'complete' | 'comingSoon';

export function bundleStatus(b: { seen: boolean; complete: boolean; completion_type: string }): BundleStatus {
  if (b.completion_type === 'coming_soon') return 'comingSoon';
  if (b.complete) return 'complete';
  return b.seen ? 'seen' : 'new';
}

const STATUS_ICON = { new: Circle, seen: Eye, complete: CheckCircle2, comingSoon: Clock };

/** The status marker of a bundle (new, opened, completed, coming soon). */
export function BundleStatusBadge({ status }: { status: BundleStatus }) {
  const { t } = useTranslation('content');
  const Icon = STATUS_ICON[status];
  return (
    <span className={`${styles.badge} ${styles[status]}`} data-testid="bundle-status" data-status={status}>
      <Icon aria-hidden size={14} />
      {t(`bundles.status.${status}`)}
    </span>
  );
}

export function MandatoryBadge() {
  const { t } = useTranslation('content');
  return (
    <span className={`${styles.badge} ${styles.mandatory}`} data-testid="mandatory">
      <AlertCircle aria-hidden size={14} />
      {t('instructions.mandatory')}
    </span>
  );
}

export interface BundleResourceView {
  resource_id: number;
  title: string;
  resource_type: 'external' | 'internal' | 'course';
  resource_path: string;
  button_string?: string | null;
}

const isHttp = (path: string) => /^https?:\/\//i.test(path);
const isPortal = (path: string) => /^\/(?!\/)/.test(path);

/** One material of a bundle: a web page (new tab), a page or file of the portal, or a course in the player. */
export function BundleResourceItem({ resource }: { resource: BundleResourceView }) {
  const { t } = useTranslation('content');
  const { resource_type: type, resource_path: path } = resource;
  let action: React.ReactNode = null;
  if (type === 'course') {
    action = (
      <Link to={coursePlayerPath(path)} className={contentPage.linkButton}>
        <GraduationCap aria-hidden size={16} />
        {resource.button_string ?? t('bundles.startCourse')}
      </Link>
    );
  } else if (type === 'internal' && isPortal(path) && !path.startsWith('/files/')) {
    action = (
      <Link to={path} viewTransition className={contentPage.linkButton}>
        <ArrowRight aria-hidden size={16} />
        {resource.button_string ?? t('bundles.openPage')}
      </Link>
    );
  } else if ((type === 'internal' && isPortal(path)) || (type === 'external' && isHttp(path))) {
    const Icon = type === 'internal' ? FileText : ExternalLink;
    action = (
      <a href={path} target="_blank" rel="noopener noreferrer" className={contentPage.linkButton}>
        <Icon aria-hidden size={16} />
        {resource.button_string ?? (type === 'external' ? t('bundles.openLink') : t('bundles.openPage'))}
        <span className="visually-hidden"> {t('resources.newTab')}</span>
      </a>
    );
  }
  return (
    <li className={styles.resource} data-testid="bundle-resource" data-type={type}>
      <span className={styles.resourceTitle}>{resource.title}</span>
      {action}
    </li>
  );
}

export interface BundleListItem {
  bundleId: number;
  category_name: string;
  status: BundleStatus;
  mandatory?: boolean;
}

/** The list of bundles as links to `${basePath}/{n}` (n is the 1-based position). */
export function BundleNav({
  items,
  current,
  basePath,
  label,
}: {
  items: BundleListItem[];
  current: number;
  basePath: string;
  label: string;
}) {
  return (
    <nav aria-label={label} className={styles.nav}>
      <ol>
        {items.map((item, i) => {
          const selected = i + 1 === current;
          return (
            <li key={item.bundleId}>
              <Link
                to={`${basePath}/${i + 1}`}
                viewTransition
                className={selected ? `${styles.navLink} ${styles.navCurrent}` : styles.navLink}
                aria-current={selected ? 'page' : undefined}
                data-testid="bundle-link"
              >
                <span className={styles.navName}>{item.category_name}</span>
                <span className={styles.navBadges}>
                  {item.mandatory && <MandatoryBadge />}
                  <BundleStatusBadge status={item.status} />
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export { styles as bundleStyles };
