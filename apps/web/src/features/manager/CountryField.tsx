import { COUNTRIES, type Country } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import styles from './manager.module.css';

/** The country a positions grid shows; `allCountries` labels a first choice of every country (value ''). */
export function CountryField<Value extends Country | ''>({
  value,
  onChange,
  allCountries,
  disabled,
}: {
  value: Value;
  onChange: (value: Value) => void;
  allCountries?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('manager');
  return (
    <label className={styles.inlineField}>
      <span>{t('positions.country')}</span>
      <select value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as Value)}>
        {allCountries !== undefined && <option value="">{allCountries}</option>}
        {COUNTRIES.map((c) => (
          <option key={c} value={c}>
            {c.toUpperCase()}
          </option>
        ))}
      </select>
    </label>
  );
}
