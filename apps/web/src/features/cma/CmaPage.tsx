import type { contentRoutes } from '@portal/shared';
import { CheckCircle2, Clock, Loader2 } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useGet, usePost } from '../../api/queries';
import {
  BundleNav,
  BundleResourceItem,
  BundleStatusBadge,
  bundleStatus,
  bundleStyles as styles,
} from '../../components/Bundles';
import { Empty, LoadError, Loading } from '../../components/PageState';
import { useDocumentTitle } from '../../components/PageTitle';
import { SafeHtml } from '../../components/SafeHtml';
import { useMarkSeen } from '../../components/use-mark-seen';

type CmaBundle = contentRoutes.CmaBundle;

function Teaser() {
  const { t } = useTranslation('content');
  const settings = useGet('portal_settings', {}, { staleTime: 5 * 60_000 });
  const teaser = settings.data?.cma_teaser;
  if (!teaser) return null;
  return (
    <section className={styles.teaser} aria-labelledby="cma-teaser">
      <h2 id="cma-teaser">{t('cma.teaser')}</h2>
      <video controls preload="metadata" src={teaser.url} data-testid="cma-teaser" />
    </section>
  );
}

/** `/cma/{section}`: the category management academy's bundles of the user's position. */
export function CmaPage() {
  const { t } = useTranslation('content');
  const params = useParams();
  const list = useGet('cma_resources', {});
  const markSeen = usePost('set_cma_seen', ['cma_resources']);
  const complete = usePost('set_cma_bundle_complete', ['cma_resources']);
  const index = Number(params.section);
  const bundles = useMemo(
    () => (list.data ?? []).map((b: CmaBundle) => ({ ...b, status: bundleStatus(b) })),
    [list.data],
  );
  const bundle = bundles[index - 1];
  useDocumentTitle(bundle ? `${bundle.category_name} · ${t('cma.title')}` : t('cma.title'));
  const { mutate: markSeenMutate } = markSeen;
  const seen = useCallback((bundleId: number) => markSeenMutate({ bundleId }), [markSeenMutate]);
  useMarkSeen(bundle, seen);

  const header = (
    <header className={styles.header}>
      <h1>{t('cma.title')}</h1>
      <p className={styles.intro}>{t('cma.intro')}</p>
    </header>
  );

  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadError message={t('bundles.loadError')} onRetry={() => void list.refetch()} />;
  if (bundles.length === 0) {
    return (
      <div className={styles.page}>
        {header}
        <Empty>{t('cma.empty')}</Empty>
      </div>
    );
  }
  if (!bundle) return <Navigate to="/cma/1" replace />;

  return (
    <div className={styles.page}>
      {header}
      <Teaser />
      <div className={styles.layout}>
        <BundleNav items={bundles} current={index} basePath="/cma" label={t('bundles.listLabel')} />
        <article className={styles.card} aria-labelledby="bundle-title" data-testid="bundle">
          <div className={styles.cardHead}>
            <h2 id="bundle-title">{bundle.category_name}</h2>
            <BundleStatusBadge status={bundle.status} />
          </div>
          <SafeHtml html={bundle.description} className={styles.description} testId="bundle-description" />

          {bundle.status === 'comingSoon' ? (
            <p className={styles.soon}>
              <Clock aria-hidden size={20} />
              {t('cma.comingSoonText')}
            </p>
          ) : (
            <>
              <h3 className={styles.materials}>{t('bundles.materials')}</h3>
              {bundle.resources.length === 0 ? (
                <Empty>{t('bundles.noResources')}</Empty>
              ) : (
                <ul className={styles.resources}>
                  {bundle.resources.map((r) => (
                    <BundleResourceItem key={r.resource_id} resource={r} />
                  ))}
                </ul>
              )}
              <div className={styles.actions}>
                {bundle.complete ? (
                  <span className={styles.done} data-testid="bundle-done">
                    <CheckCircle2 aria-hidden size={20} />
                    {t('cma.completed')}
                  </span>
                ) : (
                  <button
                    type="button"
                    className={styles.primary}
                    disabled={!bundle.seen || complete.isPending}
                    onClick={() => complete.mutate({ bundleId: bundle.bundleId })}
                    data-testid="bundle-complete"
                  >
                    {complete.isPending && <Loader2 aria-hidden size={18} />}
                    {t('cma.markComplete')}
                  </button>
                )}
                {(complete.isError || markSeen.isError) && (
                  <span className={styles.error} role="alert">
                    {t('bundles.saveError')}
                  </span>
                )}
              </div>
            </>
          )}
        </article>
      </div>
    </div>
  );
}
