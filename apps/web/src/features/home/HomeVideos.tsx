import { Film } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePortalSettings } from '../../api/profile';
import { Empty, LoadError, Loading } from '../../components/PageState';
import styles from './HomeVideos.module.css';

/** The home page's video section: store videos for store and dev users, office videos for office staff. */
export function HomeVideos() {
  const { t } = useTranslation('content');
  const settings = usePortalSettings();
  const data = settings.data;
  return (
    <section
      className={styles.box}
      aria-labelledby="videos-title"
      data-testid="home-videos"
      data-section={data?.video_section}
    >
      <h2 id="videos-title" className={styles.title}>
        <Film aria-hidden size={20} />
        {t('videos.title')}
      </h2>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError || !data ? (
        <LoadError message={t('videos.loadError')} onRetry={() => void settings.refetch()} />
      ) : data.video_section === 'placeholder' ? (
        <Empty>{t('videos.placeholder')}</Empty>
      ) : data.videos.length === 0 ? (
        <Empty>{t('videos.empty')}</Empty>
      ) : (
        <ul className={styles.list}>
          {data.videos.map((video) => (
            <li key={video.url} className={styles.item}>
              <video controls preload="metadata" src={video.url} aria-label={video.title} />
              <p>{video.title}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
