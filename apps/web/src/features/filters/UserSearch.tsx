import { Search } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty, LoadError, Loading } from '../../components/PageState';
import { useRefocus } from '../../components/use-refocus';
import { useUserSearch, type GridQuery } from './admin-api';
import styles from './filters.module.css';
import { messageText } from './messages';
import { UserDetailsDialog } from './UserDetails';

/** Finds people by name, surname, ID or PIN and opens their details. */
export function UserSearch({ kind, lang }: { kind: 'office' | 'store'; lang: GridQuery['userLang'] }) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState('');
  const [openUser, setOpenUser] = useState<number | null>(null);
  const search = useUserSearch(kind, submitted, lang);
  const input = useRef<HTMLInputElement>(null);
  // A person deleted or moved away leaves the list that found them: the search field takes the focus.
  useRefocus(input, search.data?.length);

  return (
    <section className={styles.section} aria-labelledby="search-heading">
      <h2 id="search-heading" className="visually-hidden">
        {t('sections.search')}
      </h2>
      <form
        className={`${styles.panel} ${styles.searchForm}`}
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(text.trim());
        }}
      >
        <label className={styles.field}>
          <span>{t('search.label')}</span>
          <input
            ref={input}
            type="search"
            name="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('search.placeholder')}
            autoComplete="off"
          />
        </label>
        <button type="submit" className={styles.primary} disabled={!text.trim()}>
          <Search aria-hidden size={16} />
          {t('search.submit')}
        </button>
      </form>
      {!submitted ? (
        <Empty>{t('search.hint')}</Empty>
      ) : search.isPending ? (
        <Loading />
      ) : search.isError ? (
        <LoadError message={messageText(t, search.error)} onRetry={() => void search.refetch()} />
      ) : search.data.length === 0 ? (
        <Empty>
          <span role="status" data-testid="no-users">
            {t('messages.noUsers')}
          </span>
        </Empty>
      ) : (
        <ul className={styles.found} data-testid="search-results">
          {search.data.map((user) => (
            <li key={user.id}>
              <button type="button" className={styles.foundButton} onClick={() => setOpenUser(user.id)}>
                <span className={styles.foundName}>
                  {user.name} {user.surname}
                  {user.long_term && <span className={styles.badge}>{t('results.longTerm')}</span>}
                </span>
                <span className={styles.muted}>
                  {[user.login, `ID ${user.id}`, user.department_label, user.position_label ?? user.position ?? '—']
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <UserDetailsDialog userId={openUser} lang={lang} onClose={() => setOpenUser(null)} returnFocusTo={input} />
    </section>
  );
}
