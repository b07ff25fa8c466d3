import { GraduationCap, LibraryBig, Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../../api/profile';
import { useGet } from '../../api/queries';
import { useDocumentTitle } from '../../components/PageTitle';
import { HomeVideos } from './HomeVideos';
import styles from './HomePage.module.css';
import { NotificationList } from './NotificationList';

interface TileProps {
  to: string;
  icon: React.ReactNode;
  title: string;
  text: string;
  action: string;
  testId: string;
  highlight?: boolean;
  /** What is left to do, once loaded (also exposed as data-count). */
  count?: number;
}

function Tile({ to, icon, title, text, action, testId, highlight, count }: TileProps) {
  return (
    <article className={`${styles.tile} ${highlight ? styles.highlight : ''}`} data-testid={testId} data-count={count}>
      <div className={styles.tileIcon}>{icon}</div>
      <h2>{title}</h2>
      <p data-testid={`${testId}-text`}>{text}</p>
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
  const counts = useGet('home_counts', {});
  useDocumentTitle(t('common:menu.start'));
  if (!user) return null;
  const goalsLeft = counts.data?.unreached_goals;
  const coursesLeft = counts.data?.due_mandatory;
  const countText = (area: 'goals' | 'courses', count: number | undefined) =>
    count === undefined
      ? t('common:loading')
      : count === 0
        ? t(`tiles.${area}.done`)
        : t(`tiles.${area}.count`, { count });

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
          text={countText('goals', goalsLeft)}
          highlight={!!goalsLeft}
          count={goalsLeft}
          action={t('tiles.goals.open')}
        />
        <Tile
          to="/courses/1"
          testId="tile-courses"
          icon={<GraduationCap aria-hidden size={28} />}
          title={t('tiles.courses.title')}
          text={countText('courses', coursesLeft)}
          highlight={!!coursesLeft}
          count={coursesLeft}
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
      <div className={styles.sections}>
        <NotificationList />
        <HomeVideos />
      </div>
    </div>
  );
}
