import type { contentRoutes } from '@portal/shared';
import { Bell, Check, ExternalLink, ArrowRight } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGet, usePost } from '../../api/queries';
import { Empty, LoadError, Loading } from '../../components/PageState';
import { PendingButton } from '../../components/PendingButton';
import { isLanguage } from '../../i18n/language';
import styles from './NotificationList.module.css';

/**
 * The sanitizer is a fifth of the home page's code and only notifications need it: it starts loading when the list
 * first shows, beside the notifications' call, rather than before the page can show its tiles, and not on the other
 * pages the signed-in frame (whose chunk holds this list) loads for.
 */
const loadSafeHtml = () => import('../../components/SafeHtml');
const SafeHtml = lazy(() => loadSafeHtml().then((m) => ({ default: m.SafeHtml })));

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

  useEffect(() => void loadSafeHtml(), []);

  // A notification marked as read leaves the list, and the focus would fall to the page's body: it goes to the next
  // one's button instead (the one before, after the last), or to the heading once none is left.
  const heading = useRef<HTMLHeadingElement>(null);
  const items = useRef<HTMLUListElement>(null);
  const marked = useRef<{ alias: string; index: number } | null>(null);
  useEffect(() => {
    const read = marked.current;
    if (!read || unread.some((n) => n.alias === read.alias)) return;
    marked.current = null;
    const buttons = items.current?.querySelectorAll<HTMLButtonElement>('[data-testid="notification-read"]') ?? [];
    (buttons[Math.min(read.index, buttons.length - 1)] ?? heading.current)?.focus();
  });
  const markAsRead = (alias: string, index: number) => {
    marked.current = { alias, index };
    markRead.mutate({ notification_alias: alias });
  };

  return (
    <section className={styles.box} aria-labelledby="notifications-title" data-testid="notifications">
      <h2 id="notifications-title" className={styles.title} ref={heading} tabIndex={-1}>
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
          <ul className={styles.list} ref={items}>
            {unread.map((n, index) => (
              <li key={n.id} className={styles.item} data-testid="notification" data-alias={n.alias}>
                <h3>{n.name}</h3>
                <SafeHtml html={n.description} className={styles.text} />
                <div className={styles.actions}>
                  <NotificationLink notification={n} />
                  <PendingButton
                    type="button"
                    className={styles.read}
                    pending={markRead.isPending && markRead.variables?.notification_alias === n.alias}
                    onClick={() => markAsRead(n.alias, index)}
                    data-testid="notification-read"
                  >
                    <Check aria-hidden size={16} />
                    {t('notifications.markRead')}
                  </PendingButton>
                </div>
              </li>
            ))}
          </ul>
        </Suspense>
      )}
    </section>
  );
}
