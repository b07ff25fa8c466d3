import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styles from './Placeholder.module.css';

/** A friendly page for a section that a later release fills. */
export function Placeholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.box} aria-labelledby="placeholder-title">
      <h1 id="placeholder-title">{title}</h1>
      <div className={styles.card}>
        <Hammer aria-hidden size={32} />
        <div>
          <h2>{t('placeholder.title')}</h2>
          <p>{t('placeholder.text')}</p>
        </div>
      </div>
    </section>
  );
}
