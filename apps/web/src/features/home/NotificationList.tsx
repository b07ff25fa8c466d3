import type { contentRoutes } from '@portal/shared';
import { Bell, Check, ExternalLink, ArrowRight } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGet, usePost } from '../../api/queries';
import { Empty, LoadError, Loading } from '../../components/PageState';
import { isLanguage } from '../../i18n/language';
import styles from './NotificationList.module.css';

/**
 * The sanitizer is a fifth of the home page's code and only notifications need it: it starts loading with the home
 * page, beside the notifications' call, rather than before the page can show its tiles.
 */
const loadingSafeHtml = import('../../components/SafeHtml');
const SafeHtml = lazy(() => loadingSafeHtml.then((m) => ({ default: m.SafeHtml })));

type Notification = contentRoutes.Notification;

const isHttp = (link: string) => /^https?:\/\//i.test(link);
const isPortal = (link: string) => /^\/(?!\/)/.test(link);

function NotificationLink({ notification }: { notification: Notification }) {
  const { t } = useTranslation('content');
  const { link } = notification;
  if (!link) return null;
  if (notification.external === 1 && (isHttp(link) || isPortal(link))) {
    return (
      <a href={link} target="_blank" rel="noopener noreferrer" className={styles.open}>
        {t('notifications.open')}
        <ExternalLink aria-hidden size={16} />
        <span className="visually-hidden"> {t('resources.newTab')}</span>
      </a>
    );
  }
  if (isPortal(link)) {
    return (
      <Link to={link} viewTransition className={styles.open}>
        {t('notifications.open')}
        <ArrowRight aria-hidden size={16} />
      </Link>
    );
  }
  if (isHttp(link)) {
    return (
      <a href={link} rel="noopener noreferrer" className={styles.open}>
        {t('notifications.open')}
        <ArrowRight aria-hidden size={16} />
      </a>
    );
  }
  return null;
}

/** The home page's notifications in the user's language; one disappears once marked as read. */
export function NotificationList() {
  const { t, i18n } = useTranslation('content');
  const language = i18n.language;
  const list = useGet('notifications', isLanguage(language) ? { language } : {});
  const markRead = usePost('set_notification_readed', ['notifications']);

  const unread = (list.data ?? []).filter((n) => n.status === 'initial');
  return (
    <section className={styles.box} aria-labelledby="notifications-title" data-testid="notifications">
      <h2 id="notifications-title" className={styles.title}>
        <Bell aria-hidden size={20} />
        {t('notifications.title')}
        {unread.length > 0 && <span className={styles.count}>{unread.length}</span>}
      </h2>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError message={t('notifications.loadError')} onRetry={() => void list.refetch()} />
      ) : unread.length === 0 ? (
        <Empty>{t('notifications.empty')}</Empty>
      ) : (
        <Suspense fallback={<Loading />}>
          <ul className={styles.list}>
            {unread.map((n) => (
              <li key={n.id} className={styles.item} data-testid="notification" data-alias={n.alias}>
                <h3>{n.name}</h3>
                <SafeHtml html={n.description} className={styles.text} />
                <div className={styles.actions}>
                  <NotificationLink notification={n} />
                  <button
                    type="button"
                    className={styles.read}
                    disabled={markRead.isPending && markRead.variables?.notification_alias === n.alias}
                    onClick={() => markRead.mutate({ notification_alias: n.alias })}
                    data-testid="notification-read"
                  >
                    <Check aria-hidden size={16} />
                    {t('notifications.markRead')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </Suspense>
      )}
    </section>
  );
}
