import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { BundleCard, type BundleCardProps, type BundleView } from './BundleCard';
import { BundleNav, bundleStatus, bundleStyles as styles } from './Bundles';
import contentPage from './ContentPage.module.css';
import { Empty, LoadError, Loading } from './PageState';
import { useDocumentTitle } from './PageTitle';
import { useMarkSeen } from './use-mark-seen';

type BundleData = Omit<BundleView, 'status'> & { completion_type: string };

/** The query of the user's bundles. */
interface BundleList {
  data: BundleData[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** A write of one bundle's progress (seen, complete). */
interface BundleMutation {
  mutate: (input: { bundleId: number }) => void;
  isPending: boolean;
  isError: boolean;
}

/**
 * `${basePath}/{section}`: the user's bundles listed beside the opened one (1-based), which is marked seen when
 * opened new. The header holds the title and intro, with `headerAction` beside them; `aboveBundles` stands between
 * the header and the bundles.
 */
export function BundleScreen({
  basePath,
  list,
  markSeen,
  complete,
  texts,
  card,
  headerAction,
  aboveBundles,
}: {
  basePath: string;
  list: BundleList;
  markSeen: BundleMutation;
  complete: BundleMutation;
  texts: { title: string; intro: string; empty: string };
  card: Pick<BundleCardProps, 'completeLabel' | 'doneLabel' | 'completeIcon' | 'showMandatory'>;
  headerAction?: ReactNode;
  aboveBundles?: ReactNode;
}) {
  const { t } = useTranslation('content');
  const params = useParams();
  const index = Number(params.section);
  const bundles = useMemo(() => (list.data ?? []).map((b) => ({ ...b, status: bundleStatus(b) })), [list.data]);
  const bundle = bundles[index - 1];
  useDocumentTitle(bundle ? `${bundle.category_name} · ${texts.title}` : texts.title);
  const { mutate: markSeenMutate } = markSeen;
  const seen = useCallback((bundleId: number) => markSeenMutate({ bundleId }), [markSeenMutate]);
  useMarkSeen(bundle, seen);

  const heading = (
    <>
      <h1>{texts.title}</h1>
      <p className={contentPage.intro}>{texts.intro}</p>
    </>
  );
  const header = headerAction ? (
    <header className={`${contentPage.header} ${styles.headerRow}`}>
      <div>{heading}</div>
      {headerAction}
    </header>
  ) : (
    <header className={contentPage.header}>{heading}</header>
  );

  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadError message={t('bundles.loadError')} onRetry={() => void list.refetch()} />;
  if (bundles.length === 0) {
    return (
      <div className={contentPage.page}>
        {header}
        <Empty>{texts.empty}</Empty>
      </div>
    );
  }
  if (!bundle) return <Navigate to={`${basePath}/1`} replace />;

  return (
    <div className={contentPage.page}>
      {header}
      {aboveBundles}
      <div className={styles.layout}>
        <BundleNav items={bundles} current={index} basePath={basePath} label={t('bundles.listLabel')} />
        <BundleCard
          {...card}
          bundle={bundle}
          completing={complete.isPending}
          saveFailed={complete.isError || markSeen.isError}
          onComplete={() => complete.mutate({ bundleId: bundle.bundleId })}
        />
      </div>
    </div>
  );
}
