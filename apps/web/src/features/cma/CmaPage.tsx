import { useTranslation } from 'react-i18next';
import { usePortalSettings } from '../../api/profile';
import { useGet, usePost } from '../../api/queries';
import { BundleScreen } from '../../components/BundleScreen';
import { bundleStyles as styles } from '../../components/Bundles';
import { useUserLang } from '../../i18n/use-user-lang';

function Teaser() {
  const { t } = useTranslation('content');
  const settings = usePortalSettings();
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
  const list = useGet('cma_resources', { userLang: useUserLang() });
  const markSeen = usePost('set_cma_seen', ['cma_resources']);
  const complete = usePost('set_cma_bundle_complete', ['cma_resources']);
  return (
    <BundleScreen
      basePath="/cma"
      list={list}
      markSeen={markSeen}
      complete={complete}
      texts={{ title: t('cma.title'), intro: t('cma.intro'), empty: t('cma.empty') }}
      card={{ completeLabel: t('cma.markComplete'), doneLabel: t('cma.completed') }}
      aboveBundles={<Teaser />}
    />
  );
}
