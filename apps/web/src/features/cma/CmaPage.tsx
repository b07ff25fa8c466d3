import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../components/Placeholder';
import { useDocumentTitle } from '../../components/PageTitle';

export function CmaPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('menu.cma'));
  return <Placeholder title={t('menu.cma')} />;
}
