import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../components/Placeholder';
import { useDocumentTitle } from '../../components/PageTitle';

export function OfficeFilterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('menu.officeFilter'));
  return <Placeholder title={t('menu.officeFilter')} />;
}
