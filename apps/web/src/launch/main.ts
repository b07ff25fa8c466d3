/**
 * The launch page of the content origin (served by apps/server/src/scorm/serve.ts, built by scripts/build-server.mjs).
 * The player frames it sandboxed and posts it one attempt's launch; it seeds the SCORM run-time before the SCO loads
 * and loads the SCO beneath it, so the API the content finds is synchronous and exact.
 */
import { CONTENT_PATHS, type courseRoutes } from '@portal/shared';
import { CommitChannel } from './commit-channel';
import { isPortalMessage, type FromLaunchPage, type ToLaunchPage } from './messages';
import { createScoRuntime } from './sco-runtime';
import { SequencedAttempt } from './sequenced-attempt';

type CourseLaunch = courseRoutes.CourseLaunch;

/** The message non-SCORM content posts to its parent to report completion (docs/courses.md). */
const COMPLETE_MESSAGE = 'portal:course-complete';
const COMMIT_URL = CONTENT_PATHS.commit;

const portalOrigin = new URLSearchParams(location.hash.slice(1)).get('portal');

function post(message: FromLaunchPage): void {
  if (portalOrigin) window.parent.postMessage(message, portalOrigin);
}

function fromPortal(event: MessageEvent): ToLaunchPage | null {
  if (event.source !== window.parent || event.origin !== portalOrigin || !isPortalMessage(event.data)) return null;
  return event.data as ToLaunchPage;
}

/** The attempt's commit channel, reporting to the player; what is still unsent leaves as the page goes away. */
function openChannel(launch: CourseLaunch): CommitChannel {
  const channel = new CommitChannel(
    launch.token,
    launch.seq,
    (state) => post({ type: 'portal:save-state', state }),
    (sco, result) => {
      const part = launch.scos.find((s) => s.id === sco);
      if (part && result.saved) part.done = result.done;
      post({ type: 'portal:saved', sco, result });
    },
    () => post({ type: 'portal:failed', reason: 'expired' }),
  );
  // The launch page goes away (the player closed, the tab closed): its beforeunload runs before the SCO's, whose
  // handlers may finish the SCO while synchronous requests are already refused.
  addEventListener('beforeunload', () => (channel.detaching = true), { capture: true });
  addEventListener('pagehide', () => channel.flush(COMMIT_URL));
  return channel;
}

/** One attempt of a course whose SCOs are a free list: its commit channel, and the SCO open now. */
class Attempt {
  private current: { sco: string; frame: HTMLIFrameElement; runtime: { dispose(): void } } | null = null;

  constructor(
    private readonly launch: CourseLaunch,
    private readonly channel: CommitChannel,
  ) {
    addEventListener('message', (event) => this.onContentMessage(event));
  }

  /**
   * Opens a SCO: the open one unloads first (its unload handlers still reach the API, their commits leave without
   * waiting), then, once those commits are answered, the next one is seeded and loaded.
   */
  async open(scoId: string): Promise<void> {
    const sco = this.launch.scos.find((s) => s.id === scoId);
    if (!sco) return post({ type: 'portal:failed', reason: 'missing' });
    if (this.current) {
      this.current.frame.remove();
      this.current.runtime.dispose();
      this.channel.detaching = false;
      this.current = null;
      await this.channel.settled();
    }
    const runtime = createScoRuntime(this.launch, sco, this.channel, COMMIT_URL);
    const frame = document.createElement('iframe');
    this.channel.watch(frame);
    frame.title = sco.title;
    frame.src = `${CONTENT_PATHS.files}${encodeURIComponent(this.launch.token)}/${sco.href}`;
    document.body.replaceChildren(frame);
    this.current = { sco: sco.id, frame, runtime };
  }

  /** Content that is not SCORM reports completion from its own frame. */
  private onContentMessage(event: MessageEvent): void {
    const current = this.current;
    if (!current || event.source !== current.frame.contentWindow || event.origin !== location.origin) return;
    if ((event.data as { type?: unknown } | null)?.type !== COMPLETE_MESSAGE || this.launch.scorm_version) return;
    this.channel.send(COMMIT_URL, current.sco, { core: { lesson_status: 'completed' } });
  }
}

let attempt: Attempt | SequencedAttempt | null = null;

addEventListener('message', (event) => {
  const message = fromPortal(event);
  if (!message) return;
  if (message.type === 'portal:launch' && !attempt) {
    const { launch } = message;
    const channel = openChannel(launch);
    if (launch.sequencing && launch.scorm_version === '2004') {
      const sequenced = new SequencedAttempt(launch, launch.sequencing, channel, COMMIT_URL, post);
      attempt = sequenced;
      sequenced.begin();
    } else {
      const free = new Attempt(launch, channel);
      attempt = free;
      void free.open(message.sco);
    }
  } else if (message.type === 'portal:open-sco' && attempt) {
    if (attempt instanceof SequencedAttempt) attempt.navigate({ request: 'choice', target: message.sco });
    else void attempt.open(message.sco);
  } else if (message.type === 'portal:navigate' && attempt instanceof SequencedAttempt) {
    const { type: _type, ...request } = message;
    attempt.navigate(request);
  }
});

// Only in the player's frame, framed by the origin it names (where the browser says who frames it).
const ancestors = location.ancestorOrigins;
if (portalOrigin && window.parent !== window && (!ancestors?.length || ancestors[0] === portalOrigin)) {
  post({ type: 'portal:ready' });
}
