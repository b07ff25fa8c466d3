import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import styles from './SectionNav.module.css';

export interface SectionNavItem {
  id: number;
  title: string;
  to: string;
  icon: LucideIcon;
  current: boolean;
}

/**
 * The sections of a content screen as links with icons. `row`: five in one row, a strip that scrolls sideways on
 * phones; `tiles`: as many as fit the width, two a row on phones.
 */
export function SectionNav({
  label,
  items,
  layout,
  linkTestId,
}: {
  label: string;
  items: SectionNavItem[];
  layout: 'row' | 'tiles';
  linkTestId?: string;
}) {
  return (
    <nav aria-label={label} className={`${styles.nav} ${styles[layout]}`}>
      <ol>
        {items.map(({ id, title, to, icon: Icon, current }) => (
          <li key={id}>
            <Link
              to={to}
              viewTransition
              className={current ? `${styles.link} ${styles.current}` : styles.link}
              aria-current={current ? 'page' : undefined}
              data-testid={linkTestId}
            >
              <Icon aria-hidden size={20} className={styles.icon} />
              <span>{title}</span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
