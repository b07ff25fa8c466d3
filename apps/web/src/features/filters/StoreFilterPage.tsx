import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../components/Placeholder';
import { useDocumentTitle } from '../../components/PageTitle';

export function StoreFilterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('menu.storeFilter'));
  return <Placeholder title={t('menu.storeFilter')} />;
}
