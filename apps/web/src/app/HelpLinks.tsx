import { ExternalLink, FileQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePortalSettings } from '../api/profile';

/**
 * The side menu's help PDF (per role and language; none for office directory users) and the external
 * ABC system link of the language. Renders list items; `linkClassName` lets the menu style them.
 */
export function HelpLinks({ linkClassName }: { linkClassName?: string }) {
  const { t } = useTranslation('content');
  const settings = usePortalSettings();
  const data = settings.data;
  if (!data) return null;
  return (
    <>
      {data.help_guide && (
        <li>
          <a
            href={data.help_guide}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClassName}
            data-testid="help-guide"
          >
            <FileQuestion aria-hidden size={20} />
            <span>{data.help_guide.includes('/admin-guide-') ? t('help.adminGuide') : t('help.guide')}</span>
          </a>
        </li>
      )}
      {data.abc_link && (
        <li>
          <a
            href={data.abc_link}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClassName}
            data-testid="abc-link"
          >
            <ExternalLink aria-hidden size={20} />
            <span>{t('help.abc')}</span>
            <span className="visually-hidden"> {t('resources.newTab')}</span>
          </a>
        </li>
      )}
    </>
  );
}
