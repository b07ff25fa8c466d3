import { AlertTriangle, X } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WARNING_BANNER_MS } from '@portal/shared';
import { useRefocus } from '../components/use-refocus';
import styles from './banner.module.css';

type Warn = (message: string, durationMs?: number) => void;
const BannerContext = createContext<Warn>(() => {});

/** Shows a warning banner for 5 seconds (spec section 9), or as long as a caller asks. */
export function BannerProvider({ children }: { children: React.ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const { t } = useTranslation();
  // Where the keyboard focus came into the banner from: it goes back there when the banner goes, dismissed or timed out.
  const cameFrom = useRef<HTMLElement | null>(null);
  useRefocus(cameFrom, message);

  const warn = useCallback<Warn>((text, durationMs = WARNING_BANNER_MS) => {
    window.clearTimeout(timer.current);
    setMessage(text);
    timer.current = window.setTimeout(() => setMessage(null), durationMs);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <BannerContext.Provider value={warn}>
      {children}
      <div className={styles.region} role="status" aria-live="assertive">
        {message && (
          <div
            className={styles.banner}
            data-testid="warning-banner"
            onFocus={(event) => {
              const from = event.relatedTarget;
              if (!event.currentTarget.contains(from)) cameFrom.current = from instanceof HTMLElement ? from : null;
            }}
          >
            <AlertTriangle aria-hidden size={20} />
            <span>{message}</span>
            <button type="button" onClick={() => setMessage(null)} aria-label={t('banner.dismiss')}>
              <X aria-hidden size={18} />
            </button>
          </div>
        )}
      </div>
    </BannerContext.Provider>
  );
}

export function useWarning(): Warn {
  return useContext(BannerContext);
}
