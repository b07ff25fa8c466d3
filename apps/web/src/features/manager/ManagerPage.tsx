import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../components/Placeholder';
import { useDocumentTitle } from '../../components/PageTitle';

export function ManagerPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('menu.addCourse'));
  return <Placeholder title={t('menu.addCourse')} />;
}
