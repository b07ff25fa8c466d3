import type { contentRoutes } from '@portal/shared';
import { AlertCircle, CheckCircle2, Circle, Clock, Eye, Info, Loader2 } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useGet, usePost } from '../../api/queries';
import {
  BundleNav,
  BundleResourceItem,
  BundleStatusBadge,
  MandatoryBadge,
  bundleStatus,
  bundleStyles as styles,
} from '../../components/Bundles';
import { ContentDialog } from '../../components/ContentDialog';
import { Empty, LoadError, Loading } from '../../components/PageState';
import { useDocumentTitle } from '../../components/PageTitle';
import { SafeHtml } from '../../components/SafeHtml';
import { useMarkSeen } from '../../components/use-mark-seen';
import legend from './InstructionsPage.module.css';

type InstructionBundle = contentRoutes.InstructionBundle;

function Legend() {
  const { t } = useTranslation('content');
  const [open, setOpen] = useState(false);
  const items = [
    { key: 'mandatory', icon: <AlertCircle aria-hidden size={18} className={legend.mandatory} /> },
    { key: 'new', icon: <Circle aria-hidden size={18} className={legend.new} /> },
    { key: 'seen', icon: <Eye aria-hidden size={18} className={legend.seen} /> },
    { key: 'complete', icon: <CheckCircle2 aria-hidden size={18} className={legend.complete} /> },
  ];
  return (
    <>
      <button type="button" className={styles.secondary} onClick={() => setOpen(true)} data-testid="legend-button">
        <Info aria-hidden size={18} />
        {t('instructions.legend')}
      </button>
      <ContentDialog title={t('instructions.legendTitle')} open={open} onOpenChange={setOpen} testId="legend">
        <ul className={legend.list}>
          {items.map((item) => (
            <li key={item.key}>
              {item.icon}
              <span>{t(`instructions.legendItems.${item.key}`)}</span>
            </li>
          ))}
        </ul>
      </ContentDialog>
    </>
  );
}

/** `/instructions/{section}`: the instruction bundles of the user's position, mandatory ones first. */
export function InstructionsPage() {
  const { t } = useTranslation('content');
  const params = useParams();
  const list = useGet('get_instructions', {});
  const markSeen = usePost('set_instruction_seen', ['get_instructions']);
  const confirm = usePost('set_instruction_bundle_complete', ['get_instructions']);
  const index = Number(params.section);
  const bundles = useMemo(
    () => (list.data ?? []).map((b: InstructionBundle) => ({ ...b, status: bundleStatus(b) })),
    [list.data],
  );
  const bundle = bundles[index - 1];
  useDocumentTitle(bundle ? `${bundle.category_name} · ${t('instructions.title')}` : t('instructions.title'));
  const { mutate: markSeenMutate } = markSeen;
  const seen = useCallback((bundleId: number) => markSeenMutate({ bundleId }), [markSeenMutate]);
  useMarkSeen(bundle, seen);

  const header = (
    <header className={`${styles.header} ${styles.headerRow}`}>
      <div>
        <h1>{t('instructions.title')}</h1>
        <p className={styles.intro}>{t('instructions.intro')}</p>
      </div>
      <Legend />
    </header>
  );

  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadError message={t('bundles.loadError')} onRetry={() => void list.refetch()} />;
  if (bundles.length === 0) {
    return (
      <div className={styles.page}>
        {header}
        <Empty>{t('instructions.empty')}</Empty>
      </div>
    );
  }
  if (!bundle) return <Navigate to="/instructions/1" replace />;

  return (
    <div className={styles.page}>
      {header}
      <div className={styles.layout}>
        <BundleNav items={bundles} current={index} basePath="/instructions" label={t('bundles.listLabel')} />
        <article className={styles.card} aria-labelledby="bundle-title" data-testid="bundle">
          <div className={styles.cardHead}>
            <h2 id="bundle-title">{bundle.category_name}</h2>
            <span className={legend.badges}>
              {bundle.mandatory && <MandatoryBadge />}
              <BundleStatusBadge status={bundle.status} />
            </span>
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
                    {t('instructions.confirmed')}
                  </span>
                ) : (
                  <button
                    type="button"
                    className={styles.primary}
                    disabled={!bundle.seen || confirm.isPending}
                    onClick={() => confirm.mutate({ bundleId: bundle.bundleId })}
                    data-testid="bundle-complete"
                  >
                    {confirm.isPending ? <Loader2 aria-hidden size={18} /> : <CheckCircle2 aria-hidden size={18} />}
                    {t('instructions.confirmRead')}
                  </button>
                )}
                {(confirm.isError || markSeen.isError) && (
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
