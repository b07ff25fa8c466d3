import { LANGUAGES, type Language } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { saveLanguage } from '../i18n/language';
import styles from './LanguageSwitch.module.css';

/** The ee / lv / lt / en buttons; the choice is kept as prefLang (cookie and local storage). */
export function LanguageSwitch({
  tone = 'light',
  onChange,
}: {
  tone?: 'light' | 'dark';
  onChange?: (l: Language) => void;
}) {
  const { t, i18n } = useTranslation();
  const order: Language[] = ['ee', 'lv', 'lt', 'en'];
  return (
    <div
      className={`${styles.switch} ${tone === 'dark' ? styles.dark : ''}`}
      role="group"
      aria-label={t('menu.language')}
    >
      {order
        .filter((code) => LANGUAGES.includes(code))
        .map((code) => (
          <button
            key={code}
            type="button"
            lang={code === 'ee' ? 'et' : code}
            aria-pressed={i18n.language === code}
            title={t(`languages.${code}`)}
            onClick={() => {
              saveLanguage(code);
              void i18n.changeLanguage(code);
              onChange?.(code);
            }}
          >
            {code.toUpperCase()}
          </button>
        ))}
    </div>
  );
}
