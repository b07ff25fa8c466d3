import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import type { courseRoutes } from '@portal/shared';
import { CheckCircle2, CloudOff, Loader2, RotateCcw, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '../../api/client';
import { LoadError, Loading } from '../../components/PageState';
import { useDialogHandlers } from '../../components/use-dialog-handlers';
import {
  isPortalMessage,
  type FromLaunchPage,
  type NavigationRequest,
  type NavigationState,
  type SaveState,
  type ToLaunchPage,
} from '../../launch/messages';
import styles from './CoursesPage.module.css';
import type { ListedCourse } from './course-list';
import { ActivityTree, NavigationControls, NavigationEnded } from './player/CourseNavigation';
import { readNavigationState } from './player/navigation-state';
import { useLaunchWatchdog } from './use-launch-watchdog';

type CourseLaunch = courseRoutes.CourseLaunch;

/**
 * The frame of the content origin: scripts, its own origin (for the SCORM API beside the SCO), forms, popups and
 * modal dialogs (authoring tools ask "resume where you left off?" with confirm(), which a sandbox without them answers
 * "no" unseen); never the top window's navigation, never the portal's origin.
 */
const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-modals';

const FRAME = { width: 990, height: 600 };

/** How long closing waits for the content to unload before the player goes anyway. */
const UNLOAD_WAIT_MS = 1000;

/**
 * Room the player takes around the frame in the window: its header and margins; for a sequenced course also the
 * controls below and the parts column beside it (16 rem, player/CourseNavigation.module.css).
 */
const CHROME = { plain: { width: 0, height: 80 }, sequenced: { width: 16 * 16 + 16, height: 80 + 62 } };

/**
 * Scale 0.8 when the window is shorter than the frame and the player's chrome (spec: course modal 990 × 600), or,
 * beside a parts column, narrower.
 */
function useFrameScale(chrome: { width: number; height: number }): number {
  const read = () => ({ width: window.innerWidth, height: window.innerHeight });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const short = size.height < FRAME.height + chrome.height;
  const narrow = chrome.width > 0 && size.width < FRAME.width + chrome.width;
  return short || narrow ? 0.8 : 1;
}

function SaveIndicator({ state }: { state: SaveState }) {
  const { t } = useTranslation('courses');
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

/**
 * The course player: a modal with the content origin's launch page in a sandboxed frame. The player launches an
 * attempt (`launch_course`), hands it to the launch page once that page says it is ready, and shows what it reports.
 */
export function CoursePlayer({ course, onClose }: { course: ListedCourse; onClose: () => void }) {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  const [launch, setLaunch] = useState<CourseLaunch | null>(null);
  const [failure, setFailure] = useState<'error' | 'expired' | 'missing' | 'unreachable' | null>(null);
  const [saveState, setSaveState] = useState<SaveState | null>(null);
  const [scoIndex, setScoIndex] = useState(0);
  const [done, setDone] = useState<Record<string, boolean>>({});
  const [navigation, setNavigation] = useState<NavigationState | null>(null);
  const [partsOpen, setPartsOpen] = useState(false);
  /** The learner's last request from the player's controls, so that "Save and close" and "Exit course" close it. */
  const lastRequest = useRef<NavigationRequest['request'] | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const partsToggle = useRef<HTMLButtonElement>(null);
  const treeId = useId();
  const scale = useFrameScale(navigation ? CHROME.sequenced : CHROME.plain);

  const refreshLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['course_progress'] });
    void queryClient.invalidateQueries({ queryKey: ['home_counts'] });
  }, [queryClient]);

  const start = useCallback(
    (restart: boolean) => {
      setLaunch(null);
      setFailure(null);
      setSaveState(null);
      setNavigation(null);
      lastRequest.current = null;
      post('launch_course', { course_alias: course.alias, restart, userLang: course.language }).then(
        (next) => {
          setLaunch(next);
          setScoIndex(0);
          setDone(Object.fromEntries(next.scos.map((s) => [s.id, s.done])));
          if (restart) refreshLists();
        },
        (error: unknown) => {
          console.error('launching the course failed', error);
          setFailure('error');
        },
      );
    },
    [course.alias, course.language, refreshLists],
  );

  useEffect(() => start(false), [start]);
  useLaunchWatchdog(frame, launch, setFailure);

  const send = useCallback(
    (message: ToLaunchPage) => {
      if (launch) frame.current?.contentWindow?.postMessage(message, launch.content_origin);
    },
    [launch],
  );

  const closing = useRef(false);
  const close = useCallback(() => {
    if (closing.current) return;
    closing.current = true;
    const finish = () => {
      clearTimeout(timer);
      // The launch page has unloaded: its last commits left as beacons; the lists reload once they are saved.
      refreshLists();
      setTimeout(refreshLists, 800);
      onClose();
    };
    const timer = setTimeout(finish, UNLOAD_WAIT_MS);
    // The frame navigates away before it goes, as a closed tab does: a removed frame runs the content's unload
    // handlers but not its beforeunload ones, where packages set cmi.exit "suspend" to be resumed.
    const shown = frame.current;
    if (!shown) return finish();
    shown.addEventListener('load', finish, { once: true });
    shown.src = 'about:blank';
  }, [refreshLists, onClose]);

  // Messages count only from the launch page this player framed, on the content origin.
  const scoId = launch?.scos[scoIndex]?.id;
  useEffect(() => {
    if (!launch) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.origin !== launch.content_origin) return;
      if (!isPortalMessage(event.data)) return;
      const message = event.data as FromLaunchPage;
      if (message.type === 'portal:ready' && scoId) send({ type: 'portal:launch', launch, sco: scoId });
      else if (message.type === 'portal:save-state') setSaveState(message.state);
      else if (message.type === 'portal:saved') {
        setSaveState('saved');
        if (message.result.saved) setDone((marks) => ({ ...marks, [message.sco]: message.result.done }));
        if (message.result.complete) refreshLists();
      } else if (message.type === 'portal:navigation') {
        const state = readNavigationState(message.state);
        if (!state) return;
        setNavigation(state);
        if (state.ended && (lastRequest.current === 'suspendAll' || lastRequest.current === 'exitAll')) close();
      } else if (message.type === 'portal:failed') setFailure(message.reason);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [launch, scoId, send, refreshLists, close]);

  const navigate = (request: NavigationRequest) => {
    lastRequest.current = request.request;
    setPartsOpen(false);
    send({ type: 'portal:navigate', ...request });
  };

  const chooseSco = (index: number) => {
    const next = launch?.scos[index];
    if (!next) return;
    setScoIndex(index);
    send({ type: 'portal:open-sco', sco: next.id });
  };

  const dialogHandlers = useDialogHandlers(close);
  const review = launch?.mode === 'review';

  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.player}
          data-testid="course-player"
          data-mode={launch?.mode}
          aria-describedby={undefined}
          {...dialogHandlers}
        >
          <header className={styles.playerHeader}>
            <Dialog.Title className={styles.playerTitle}>{course.name}</Dialog.Title>
            {review ? (
              <span className={styles.saveState} data-testid="player-review" role="status">
                {t('player.review')}
              </span>
            ) : (
              saveState && <SaveIndicator state={saveState} />
            )}
            {launch && (review || launch.complete) && (
              <button
                type="button"
                className={styles.restartButton}
                onClick={() => start(true)}
                data-testid="player-restart"
              >
                <RotateCcw aria-hidden size={16} />
                {t('player.startAgain')}
              </button>
            )}
            <Dialog.Close className={styles.closeButton} aria-label={t('player.close')} data-testid="player-close">
              <X aria-hidden size={22} />
            </Dialog.Close>
          </header>
          {launch && !launch.sequencing && launch.scos.length > 1 && (
            <nav className={styles.scoNav} aria-label={t('player.parts')}>
              <select
                value={scoIndex}
                onChange={(event) => chooseSco(Number(event.target.value))}
                aria-label={t('player.parts')}
                data-testid="sco-select"
              >
                {launch.scos.map((s, i) => (
                  <option key={s.id} value={i}>
                    {`${i + 1}. ${s.title}${done[s.id] ? ` ✓` : ''}`}
                  </option>
                ))}
              </select>
            </nav>
          )}
          <div className={styles.playerBody}>
            {navigation && !failure && (
              <ActivityTree
                id={treeId}
                state={navigation}
                open={partsOpen}
                onChoose={(target) => navigate({ request: 'choice', target })}
                onDismiss={() => {
                  setPartsOpen(false);
                  partsToggle.current?.focus();
                }}
              />
            )}
            <div className={styles.frameArea}>
              {failure ? (
                <LoadError message={t(`player.failed.${failure}`)} onRetry={() => start(false)} />
              ) : !launch ? (
                <Loading label={t('player.loading')} />
              ) : launch.scos.length === 0 ? (
                <LoadError message={t('player.noContent')} />
              ) : (
                <div
                  className={styles.frameBox}
                  style={{ '--frame-scale': scale } as React.CSSProperties}
                  data-scale={scale}
                >
                  <iframe
                    key={launch.token}
                    ref={frame}
                    src={`${launch.launch_url}#portal=${encodeURIComponent(window.location.origin)}`}
                    sandbox={FRAME_SANDBOX}
                    title={course.name}
                    data-testid="course-frame"
                    className={styles.frame}
                    width={FRAME.width}
                    height={FRAME.height}
                  />
                </div>
              )}
              {navigation?.ended && !failure && <NavigationEnded onClose={close} />}
            </div>
          </div>
          {navigation && !navigation.ended && !failure && (
            <NavigationControls
              state={navigation}
              treeId={treeId}
              partsOpen={partsOpen}
              partsToggle={partsToggle}
              onToggleParts={() => setPartsOpen((open) => !open)}
              onNavigate={navigate}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
