import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../components/Placeholder';
import { useDocumentTitle } from '../../components/PageTitle';

export function ResourcesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('menu.resources'));
  return <Placeholder title={t('menu.resources')} />;
}
