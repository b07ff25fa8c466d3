import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiCallError } from '../../api/client';
import { useSaveTracker, type SaveState } from './save-tracker';

export interface SaveOptions {
  /** Set when the page is closing: the request must outlive it. */
  keepalive?: boolean;
}

interface AutoSaveOptions<T> {
  /** Unique per field and user: names the field in the screen's save state and its draft on this device. */
  key: string;
  save(value: T, options: SaveOptions): Promise<unknown>;
  /** Pause in typing before the value is sent. */
  delay: number;
}

const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 30_000;
const DRAFT_PREFIX = 'portal-draft:';

/** Errors that a retry cannot mend; the typed value stays on screen and in the draft. */
const isFinal = (error: unknown) =>
  error instanceof ApiCallError && ['not active', 'forbidden', 'not found', 'invalid input'].includes(error.code);

/** A value typed but not yet stored on the server, kept on this device so that a reload or lost session keeps it. */
export function readDraft<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(DRAFT_PREFIX + key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

function writeDraft(key: string, value: unknown): void {
  try {
    localStorage.setItem(DRAFT_PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the value is still kept in memory and retried.
  }
}

function clearDraft(key: string): void {
  try {
    localStorage.removeItem(DRAFT_PREFIX + key);
  } catch {
    // Nothing to clear.
  }
}

/**
 * Saves a field without a save button: `schedule(value)` after each change sends the latest value once typing
 * pauses; a failed save keeps the value and retries with growing pauses; leaving the page sends what is pending.
 */
export function useAutoSave<T>({ key, save, delay }: AutoSaveOptions<T>) {
  const tracker = useSaveTracker();
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<unknown>(null);
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const failures = useRef(0);
  const mounted = useRef(true);
  const saveRef = useRef(save);
  saveRef.current = save;

  const report = useCallback(
    (next: SaveState) => {
      if (mounted.current) setState(next);
      tracker?.report(key, next);
    },
    [key, tracker],
  );

  const run = useCallback(
    async (options: SaveOptions = {}) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (inFlight.current || !pending.current) return;
      const { value } = pending.current;
      pending.current = null;
      inFlight.current = true;
      report('saving');
      try {
        await saveRef.current(value, options);
        inFlight.current = false;
        failures.current = 0;
        if (mounted.current) setError(null);
        if (pending.current) {
          void run(options);
        } else {
          clearDraft(key);
          report('saved');
        }
      } catch (failure) {
        inFlight.current = false;
        pending.current ??= { value };
        failures.current += 1;
        if (mounted.current) setError(failure);
        report('failed');
        if (!isFinal(failure) && mounted.current) {
          const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (failures.current - 1));
          timer.current = setTimeout(() => void run(), wait);
        }
      }
    },
    [key, report],
  );

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      writeDraft(key, value);
      report('pending');
      if (timer.current) clearTimeout(timer.current);
      if (!inFlight.current) timer.current = setTimeout(() => void run(), delay);
    },
    [delay, key, report, run],
  );

  /** Sends what is pending now (the page is closing or the field lost focus). */
  const flush = useCallback((options: SaveOptions = {}) => void run(options), [run]);

  useEffect(() => {
    mounted.current = true;
    const onHide = () => flush({ keepalive: true });
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      mounted.current = false;
      if (pending.current) void run({ keepalive: true });
      if (timer.current) clearTimeout(timer.current);
    };
  }, [flush, run]);

  return { state, error, schedule, flush };
}
