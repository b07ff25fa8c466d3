import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../components/Placeholder';
import { useDocumentTitle } from '../../components/PageTitle';

export function HowToPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('menu.howTo'));
  return <Placeholder title={t('menu.howTo')} />;
}
