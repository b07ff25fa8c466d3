import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../components/Placeholder';
import { useDocumentTitle } from '../../components/PageTitle';

export function InstructionsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('menu.instructions'));
  return <Placeholder title={t('menu.instructions')} />;
}
