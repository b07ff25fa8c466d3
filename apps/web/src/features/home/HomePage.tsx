import { GraduationCap, LibraryBig, Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../../api/profile';
import { useDocumentTitle } from '../../components/PageTitle';
import styles from './HomePage.module.css';

interface TileProps {
  to: string;
  icon: React.ReactNode;
  title: string;
  text: string;
  action: string;
  testId: string;
  highlight?: boolean;
}

function Tile({ to, icon, title, text, action, testId, highlight }: TileProps) {
  return (
    <article className={`${styles.tile} ${highlight ? styles.highlight : ''}`} data-testid={testId}>
      <div className={styles.tileIcon}>{icon}</div>
      <h2>{title}</h2>
      <p>{text}</p>
      <Link to={to} viewTransition className={styles.tileLink}>
        {action}
      </Link>
    </article>
  );
}

/** Start page: the three article tiles with what is left to do. */
export function HomePage() {
  const { t } = useTranslation('home');
  const { data: user } = useProfile();
  useDocumentTitle(t('common:menu.start'));
  if (!user) return null;

  return (
    <div className={styles.page}>
      <header>
        <h1>{t('greeting', { name: user.name })}</h1>
        <p className={styles.intro}>{t('intro')}</p>
      </header>
      <div className={styles.tiles}>
        <Tile
          to="/goals"
          testId="tile-goals"
          icon={<Target aria-hidden size={28} />}
          title={t('tiles.goals.title')}
          text={t('tiles.goals.open')}
          action={t('tiles.goals.open')}
        />
        <Tile
          to="/courses/1"
          testId="tile-courses"
          icon={<GraduationCap aria-hidden size={28} />}
          title={t('tiles.courses.title')}
          text={t('tiles.courses.open')}
          action={t('tiles.courses.open')}
        />
        <Tile
          to="/resources/1/1"
          testId="tile-resources"
          icon={<LibraryBig aria-hidden size={28} />}
          title={t('tiles.resources.title')}
          text={t('tiles.resources.text')}
          action={t('tiles.resources.open')}
        />
      </div>
    </div>
  );
}
