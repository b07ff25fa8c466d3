import type { Language } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Building2, Loader2, Store } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ApiCallError, get, postEnvelope } from '../../api/client';
import { rememberUser, storedUserId } from '../../app/session';
import { useDocumentTitle } from '../../components/PageTitle';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { PendingButton } from '../../components/PendingButton';
import { LoginLinks } from './LoginLinks';
import styles from './LoginPage.module.css';

type AccountType = 'store' | 'office';

/** Store when the host name contains "stores" (the stores' own address), otherwise Office (spec, Login). */
const defaultAccountType = (): AccountType => (window.location.hostname.includes('stores') ? 'store' : 'office');

/** A store PIN: two letters and four digits (spec section 9). */
const looksLikePin = (value: string) => /^[a-z]{2}\d{4}$/i.test(value.trim());

/** The minutes the server asks to wait before the next attempt (its Retry-After), when it says. */
const minutesToWait = (error: ApiCallError): number | null =>
  error.retryAfterSeconds === undefined ? null : Math.max(1, Math.ceil(error.retryAfterSeconds / 60));

export function LoginPage() {
  const { t, i18n } = useTranslation('login');
  useDocumentTitle(t('title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [accountType, setAccountType] = useState<AccountType>(defaultAccountType);
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  /** Set once check_type has answered for the current login: whether a password is needed. */
  const [needsPassword, setNeedsPassword] = useState<boolean | null>(null);
  const [wrongPassword, setWrongPassword] = useState(false);
  /** The field left empty at the last attempt to sign in: it says so and takes the focus. */
  const [missing, setMissing] = useState<'login' | 'password' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const loginRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const loginId = useId();
  const passwordId = useId();

  const showPassword = accountType === 'office' || needsPassword === true;

  useEffect(() => {
    if (needsPassword) passwordRef.current?.focus();
  }, [needsPassword]);

  // Nobody is signed in here: drop whatever the last person's screens had cached (not the public lists).
  useEffect(() => {
    if (storedUserId() === null)
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'login_links' });
  }, [queryClient]);

  if (storedUserId() !== null) return <Navigate to="/home" replace />;

  const changeLogin = (value: string) => {
    setLogin(value);
    setNeedsPassword(null);
    setWrongPassword(false);
    setMissing(null);
    setError(null);
  };

  const signIn = async (pass: string) => {
    const envelope = await postEnvelope('login', { login: login.trim(), pass });
    const cookie = envelope.COOKIE as { id: number } | undefined;
    if (!cookie) throw new ApiCallError('internal', 'no session in the answer', 500);
    rememberUser(cookie.id);
    queryClient.clear();
    navigate('/home', { replace: true });
  };

  const chooseAccountType = (type: AccountType) => {
    setAccountType(type);
    setNeedsPassword(null);
    setWrongPassword(false);
    setPassword('');
    setError(null);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const empty = !login.trim() ? 'login' : showPassword && !password ? 'password' : null;
    setMissing(empty);
    if (empty) {
      (empty === 'login' ? loginRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (accountType === 'store' && needsPassword === null) {
        const [type] = await get('check_type', { login: login.trim() });
        const needed = type?.needs_password ?? false;
        setNeedsPassword(needed);
        if (needed) return;
      }
      await signIn(showPassword ? password : '');
    } catch (caught) {
      if (caught instanceof ApiCallError && caught.code === 'wrong password') {
        setWrongPassword(true);
      } else if (caught instanceof ApiCallError && caught.code === 'rate limited') {
        const minutes = minutesToWait(caught);
        setError(minutes === null ? t('rateLimited') : t('rateLimitedMinutes', { count: minutes }));
      } else if (caught instanceof ApiCallError && caught.code === 'directory unavailable') {
        setError(t('directoryUnavailable'));
      } else if (caught instanceof ApiCallError && caught.code === 'network') {
        setError(t('noConnection'));
      } else {
        console.error('sign-in failed', caught);
        setError(t('failed'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-hidden="true">
        <div className={styles.heroInner}>
          <div className={styles.logo}>BR</div>
          <p className={styles.heroTitle}>{t('common:appName')}</p>
          <p className={styles.heroText}>{t('subtitle')}</p>
        </div>
      </section>

      <main className={styles.panel}>
        <div className={styles.top}>
          <LanguageSwitch />
        </div>
        <form
          className={styles.card}
          onSubmit={submit}
          noValidate
          data-state={wrongPassword ? 'wrong-password' : undefined}
        >
          <h1>{t('title')}</h1>
          <p className={styles.subtitle}>{t('subtitle')}</p>

          <fieldset className={styles.types}>
            <legend>{t('accountType')}</legend>
            {(['store', 'office'] as const).map((type) => (
              <label key={type} className={styles.type} data-checked={accountType === type}>
                <input
                  type="radio"
                  name="account-type"
                  value={type}
                  checked={accountType === type}
                  onChange={() => chooseAccountType(type)}
                />
                {type === 'store' ? <Store aria-hidden size={20} /> : <Building2 aria-hidden size={20} />}
                <span>{t(type)}</span>
              </label>
            ))}
          </fieldset>

          <div className={styles.field}>
            <label htmlFor={loginId}>{accountType === 'store' ? t('pin') : t('username')}</label>
            <input
              id={loginId}
              ref={loginRef}
              name="login"
              value={login}
              onChange={(e) => changeLogin(e.target.value)}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              aria-invalid={wrongPassword || missing === 'login' || undefined}
              aria-describedby={
                [accountType === 'store' && `${loginId}-hint`, missing === 'login' && `${loginId}-required`]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
            />
            {accountType === 'store' && (
              <span id={`${loginId}-hint`} className={styles.hint}>
                {t('pinHint')}
              </span>
            )}
            {accountType === 'office' && looksLikePin(login) && (
              <p className={styles.switchOffer} data-testid="store-offer">
                {t('pinInOffice')}{' '}
                <button type="button" className={styles.switchButton} onClick={() => chooseAccountType('store')}>
                  {t('useStore')}
                </button>
              </p>
            )}
            {missing === 'login' && (
              <span id={`${loginId}-required`} className={styles.fieldError} data-testid="login-required">
                {t('required')}
              </span>
            )}
          </div>

          {showPassword && (
            <div className={styles.field}>
              <label htmlFor={passwordId}>{accountType === 'store' ? t('managerPassword') : t('password')}</label>
              {accountType === 'store' && <span className={styles.hint}>{t('managerPasswordHint')}</span>}
              <input
                id={passwordId}
                ref={passwordRef}
                name="password"
                type="password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setWrongPassword(false);
                  setMissing(null);
                }}
                autoComplete="current-password"
                required
                aria-invalid={wrongPassword || missing === 'password' || undefined}
                aria-describedby={missing === 'password' ? `${passwordId}-required` : undefined}
              />
              {missing === 'password' && (
                <span id={`${passwordId}-required`} className={styles.fieldError} data-testid="password-required">
                  {t('required')}
                </span>
              )}
            </div>
          )}

          <div className={styles.feedback} aria-live="assertive">
            {wrongPassword && (
              <span className={styles.wrong} data-testid="wrong-password">
                <AlertCircle aria-hidden size={18} />
                <span>{t(accountType === 'store' && !showPassword ? 'wrongPin' : 'wrongPassword')}</span>
              </span>
            )}
            {error && (
              <span className={styles.error} role="alert">
                {error}
              </span>
            )}
          </div>

          <PendingButton type="submit" className={styles.submit} pending={busy}>
            {busy && <Loader2 aria-hidden size={18} className={styles.spin} />}
            {busy ? t('signingIn') : t('signIn')}
          </PendingButton>
        </form>
        <LoginLinks language={i18n.language as Language} />
      </main>
    </div>
  );
}
