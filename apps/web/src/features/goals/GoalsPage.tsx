import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../components/Placeholder';
import { useDocumentTitle } from '../../components/PageTitle';

export function GoalsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('menu.goals'));
  return <Placeholder title={t('menu.goals')} />;
}
