import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CloudOff, Loader2, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { post } from '../../api/client';
import { useProfile } from '../../api/profile';
import { useGet } from '../../api/queries';
import { LoadError, Loading } from '../../components/PageState';
import { useDialogHandlers } from '../../components/use-dialog-handlers';
import styles from './CoursesPage.module.css';
import type { ListedCourse } from './course-list';
import { CommitSequence, ScormSession } from './scorm-session';

/** The message non-SCORM content posts to its parent (same origin) to report completion; see docs/courses.md. */
export const COMPLETE_MESSAGE = 'portal:course-complete';

const FRAME = { width: 990, height: 600 };

/** Scale 0.8 when the window is shorter than the frame (spec: course modal 990 × 600). */
function useFrameScale(): number {
  const read = () => (window.innerHeight < FRAME.height + 80 ? 0.8 : 1);
  const [scale, setScale] = useState(read);
  useEffect(() => {
    const onResize = () => setScale(read());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return scale;
}

function SaveIndicator({ session }: { session: ScormSession }) {
  const { t } = useTranslation('courses');
  const state = useSyncExternalStore(
    (listener) => session.subscribe(listener),
    () => session.saveState,
  );
  const icon =
    state === 'saved' ? (
      <CheckCircle2 aria-hidden size={16} />
    ) : state === 'saving' ? (
      <Loader2 aria-hidden size={16} className={styles.spin} />
    ) : (
      <CloudOff aria-hidden size={16} />
    );
  return (
    <span className={styles.saveState} data-testid="player-save-state" data-state={state} role="status">
      {icon}
      {t(`player.save.${state}`)}
    </span>
  );
}

/** The course player: a modal frame running the content on the SCORM run-time, closing back to the list. */
export function CoursePlayer({ course, onClose }: { course: ListedCourse; onClose: () => void }) {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  const { data: user } = useProfile();
  const state = useGet(
    'get_course_state',
    { course_alias: course.alias, userLang: course.language },
    { refetchOnMount: 'always', gcTime: 0 },
  );
  const [scoIndex, setScoIndex] = useState(0);
  const [switching, setSwitching] = useState(false);
  const [session, setSession] = useState<ScormSession | null>(null);
  const [startError, setStartError] = useState(false);
  const sessions = useRef<ScormSession[]>([]);
  const sequence = useRef(new CommitSequence());
  const scale = useFrameScale();
  const completing = useRef(false);

  const refreshLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['course_progress'] });
    void queryClient.invalidateQueries({ queryKey: ['home_counts'] });
  }, [queryClient]);

  const data = state.data;
  const sco = data?.scos[scoIndex];

  // One run-time session per SCO launch, created before the frame loads so the content finds the API.
  useEffect(() => {
    if (!data || !sco || !user || state.isFetching || switching) return;
    let cancelled = false;
    const next = new ScormSession(
      data,
      sco,
      { id: user.id, name: `${user.surname}, ${user.name}` },
      (saved) => {
        if (saved.complete) refreshLists();
      },
      sequence.current,
    );
    sessions.current.push(next);
    next.start().then(
      () => !cancelled && setSession(next),
      (error: unknown) => {
        console.error('starting the course run-time failed', error);
        if (!cancelled) setStartError(true);
      },
    );
    return () => {
      cancelled = true;
      next.dispose();
      setSession(null);
    };
  }, [data, sco, user, state.isFetching, switching, refreshLists]);

  // Non-SCORM content reports completion with postMessage; a flag blocks a second call while one runs.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const message = event.data as { type?: string } | null;
      if (!message || message.type !== COMPLETE_MESSAGE || completing.current) return;
      completing.current = true;
      post('set_course_complete', { course_alias: course.alias, complete: true })
        .then(refreshLists, (error: unknown) => console.error('set_course_complete failed', error))
        .finally(() => (completing.current = false));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [course.alias, refreshLists]);

  // Closing the page: pending commits go out with sendBeacon.
  useEffect(() => {
    const onHide = () => sessions.current.forEach((s) => s.flushOnUnload());
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, []);

  // Another part of a multi-SCO course: unmount the open part first, so its unload handlers finish it (scorm-again
  // sends the finishing commit as a beacon; sending it again now confirms it, and a duplicate is harmless), then
  // load the saved state again for the next part's data and done marks. No part runs in between.
  const chooseSco = (index: number) => {
    flushSync(() => {
      setScoIndex(index);
      setSwitching(true);
    });
    void Promise.all(sessions.current.filter((s) => s.hasPending).map((s) => s.retry()))
      .then(() => state.refetch())
      .finally(() => setSwitching(false));
  };

  const close = () => {
    // Unloading the frame lets the content finish (its unload handlers commit); then the list reloads.
    const frame = document.querySelector<HTMLIFrameElement>('iframe[data-testid="course-frame"]');
    frame?.setAttribute('src', 'about:blank');
    for (const s of sessions.current) if (s.hasPending) void s.retry();
    refreshLists();
    setTimeout(refreshLists, 800);
    onClose();
  };
  const dialogHandlers = useDialogHandlers(close);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.player}
          data-testid="course-player"
          aria-describedby={undefined}
          {...dialogHandlers}
        >
          <header className={styles.playerHeader}>
            <Dialog.Title className={styles.playerTitle}>{course.name}</Dialog.Title>
            {session && <SaveIndicator session={session} />}
            <Dialog.Close className={styles.closeButton} aria-label={t('player.close')} data-testid="player-close">
              <X aria-hidden size={22} />
            </Dialog.Close>
          </header>
          {data && data.scos.length > 1 && (
            <nav className={styles.scoNav} aria-label={t('player.parts')}>
              <select
                value={scoIndex}
                onChange={(event) => chooseSco(Number(event.target.value))}
                aria-label={t('player.parts')}
                data-testid="sco-select"
              >
                {data.scos.map((s, i) => (
                  <option key={s.id} value={i}>
                    {`${i + 1}. ${s.title}${s.done ? ` ✓` : ''}`}
                  </option>
                ))}
              </select>
            </nav>
          )}
          <div className={styles.frameArea}>
            {state.isPending ? (
              <Loading label={t('player.loading')} />
            ) : state.isError || startError ? (
              <LoadError message={t('player.error')} onRetry={() => void state.refetch()} />
            ) : !sco ? (
              <LoadError message={t('player.noContent')} />
            ) : session && session.scoId === sco.id ? (
              <div
                className={styles.frameBox}
                style={{ '--frame-scale': scale } as React.CSSProperties}
                data-scale={scale}
              >
                <iframe
                  key={`${sco.id}:${data.attempt}`}
                  src={sco.url}
                  title={course.name}
                  data-testid="course-frame"
                  className={styles.frame}
                  width={FRAME.width}
                  height={FRAME.height}
                />
              </div>
            ) : (
              <Loading label={t('player.loading')} />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
