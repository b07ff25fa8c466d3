import { CheckCircle2, Clock, Loader2 } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BundleResourceItem,
  BundleStatusBadge,
  MandatoryBadge,
  bundleStyles as styles,
  type BundleListItem,
  type BundleResourceView,
} from './Bundles';
import contentPage from './ContentPage.module.css';
import { Empty } from './PageState';
import { PendingButton } from './PendingButton';
import { SafeHtml } from './SafeHtml';

export interface BundleView extends BundleListItem {
  description: string;
  seen: boolean;
  complete: boolean;
  resources: BundleResourceView[];
}

export interface BundleCardProps {
  bundle: BundleView;
  /** The button that completes the bundle, and the marker once it is complete. */
  completeLabel: string;
  doneLabel: string;
  /** Shown on the button while nothing is being saved. */
  completeIcon?: ReactNode;
  /** Instructions group the mandatory marker with the status; CMA bundles have none. */
  showMandatory?: boolean;
  completing: boolean;
  saveFailed: boolean;
  onComplete: () => void;
}

/**
 * The opened bundle: name, markers, description and materials, then the button that completes it (enabled once
 * the bundle has been seen) or the marker that it is complete.
 */
export function BundleCard({
  bundle,
  completeLabel,
  doneLabel,
  completeIcon,
  showMandatory = false,
  completing,
  saveFailed,
  onComplete,
}: BundleCardProps) {
  const { t } = useTranslation('content');
  const status = <BundleStatusBadge status={bundle.status} />;
  // The button gives way to the marker once the bundle is complete: the focus goes to the marker, not to the body.
  const done = useRef<HTMLSpanElement>(null);
  const focusDone = useRef(false);
  useEffect(() => {
    if (!bundle.complete || !focusDone.current) return;
    focusDone.current = false;
    done.current?.focus();
  }, [bundle.complete]);
  return (
    <article className={contentPage.card} aria-labelledby="bundle-title" data-testid="bundle">
      <div className={styles.cardHead}>
        <h2 id="bundle-title">{bundle.category_name}</h2>
        {showMandatory ? (
          <span className={styles.cardBadges}>
            {bundle.mandatory && <MandatoryBadge />}
            {status}
          </span>
        ) : (
          status
        )}
      </div>
      <SafeHtml html={bundle.description} className={contentPage.description} testId="bundle-description" />

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
              <span className={styles.done} data-testid="bundle-done" ref={done} tabIndex={-1}>
                <CheckCircle2 aria-hidden size={20} />
                {doneLabel}
              </span>
            ) : (
              <PendingButton
                type="button"
                className={styles.primary}
                disabled={!bundle.seen}
                pending={completing}
                onClick={() => {
                  focusDone.current = true;
                  onComplete();
                }}
                data-testid="bundle-complete"
              >
                {completing ? <Loader2 aria-hidden size={18} /> : completeIcon}
                {completeLabel}
              </PendingButton>
            )}
            {saveFailed && (
              <span className={styles.error} role="alert">
                {t('bundles.saveError')}
              </span>
            )}
          </div>
        </>
      )}
    </article>
  );
}
