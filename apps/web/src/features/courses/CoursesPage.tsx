import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../components/Placeholder';
import { useDocumentTitle } from '../../components/PageTitle';

export function CoursesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('menu.courses'));
  return <Placeholder title={t('menu.courses')} />;
}
