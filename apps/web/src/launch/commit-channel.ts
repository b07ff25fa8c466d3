import { COMMIT_DEFLATE_TYPE, type courseRoutes } from '@portal/shared';
import { deflateSync, strToU8 } from 'fflate';
import type { SaveState } from './messages';

type Saved = courseRoutes.SavedCourseState;
type LogEntry = courseRoutes.ScormLogEntry;
type Commit = courseRoutes.AttemptCommit;
type SequencingSnapshot = NonNullable<Commit['sequencing']>;

/**
 * What a commit carries beside the data model: a sequenced course's engine state and global objectives global to the
 * system, the shared data the SCO wrote.
 */
interface CommitBeside {
  sequencing?: SequencingSnapshot;
  globalObjectives?: Commit['global_objectives'];
  shared?: Record<string, string>;
}

const RETRY_MS = 4000;
const MAX_LOG = 400;
/** What a beacon or keepalive fetch may carry: the browser's 64 KiB budget for all of a page's pending ones. */
const BEACON_BYTES = 60 * 1024;

/** scorm-again's result of an HTTP commit. */
interface ResultObject {
  result: string;
  errorCode: number;
}

/**
 * A commit as the body of a beacon or keepalive fetch, which share 64 KiB: as it is; deflated (`COMMIT_DEFLATE_TYPE`)
 * when larger (a long suspend_data, many interactions); deflated without its log (the calls logged for the record)
 * when even that is larger; null when nothing fits.
 */
export function beaconBody(body: Commit): Blob | null {
  const bytes = strToU8(JSON.stringify(body));
  if (bytes.length <= BEACON_BYTES) return new Blob([bytes], { type: 'application/json' });
  for (const candidate of [bytes, strToU8(JSON.stringify({ ...body, log: [] }))]) {
    const deflated = deflateSync(candidate, { level: 6 });
    if (deflated.length <= BEACON_BYTES) return new Blob([deflated], { type: COMMIT_DEFLATE_TYPE });
  }
  return null;
}

/**
 * Carries one attempt's commits to the content origin's commit endpoint with the attempt's token. While the page is
 * shown a commit is a synchronous request, so the content's Commit answers "true" only when the server saved it; a
 * failed one is kept (the newest data model wins) and retried. While the page goes away, a commit leaves with
 * sendBeacon (or fetch keepalive when the beacon is refused), the only requests a browser still sends then.
 */
export class CommitChannel {
  private last: number;
  private log: LogEntry[] = [];
  private pending: Commit | null = null;
  private retryTimer: ReturnType<typeof setInterval> | null = null;
  private inflight = new Set<Promise<void>>();
  /** The page is being dismissed (pagehide): synchronous requests are refused now. */
  dismissing = false;
  /** The SCO's page is going away: its commits cannot be synchronous either. */
  detaching = false;
  saveState: SaveState = 'saved';

  /**
   * Follows the pages of a SCO's frame: while one goes away (the frame removed or navigated, the tab closed) the
   * browser refuses synchronous requests, so its unload handlers' commits leave without waiting. Its beforeunload
   * handlers count too (a navigated frame or a closed tab runs them; packages finish there): the listener captures,
   * so it runs before the content's own.
   */
  watch(frame: HTMLIFrameElement): void {
    frame.addEventListener('load', () => {
      this.detaching = false;
      const detach = () => (this.detaching = true);
      frame.contentWindow?.addEventListener('beforeunload', detach, { capture: true });
      frame.contentWindow?.addEventListener('pagehide', detach);
    });
  }

  constructor(
    private readonly token: string,
    seq: number,
    private readonly onState: (state: SaveState) => void,
    private readonly onSaved: (sco: string, saved: Saved) => void,
    private readonly onExpired: () => void,
  ) {
    this.last = seq;
  }

  record(entry: LogEntry): void {
    this.log.push(entry);
    if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);
  }

  private setState(state: SaveState): void {
    if (this.saveState === state) return;
    this.saveState = state;
    this.onState(state);
  }

  /**
   * One commit of a SCO's data model, with what goes beside it (a sequenced course's engine state, the shared data
   * the SCO wrote): a new sequence number, and the calls logged since the last one.
   */
  private body(sco: string, cmi: Record<string, unknown>, beside: CommitBeside): Commit {
    this.last += 1;
    const body: Commit = {
      token: this.token,
      seq: this.last,
      sco,
      cmi,
      log: [...(this.pending?.log ?? []), ...this.log].slice(-MAX_LOG),
      ...(beside.sequencing ? { sequencing: beside.sequencing } : {}),
      ...(beside.globalObjectives ? { global_objectives: beside.globalObjectives } : {}),
      ...(beside.shared ? { shared_data: beside.shared } : {}),
    };
    this.log = [];
    return body;
  }

  /** Sends a commit (scorm-again's `processHttpRequest`) and answers the content with the server's verdict. */
  send(url: string, sco: string, cmi: Record<string, unknown>, beside: CommitBeside = {}): ResultObject {
    const body = this.body(sco, cmi, beside);
    this.pending = body;
    if (this.dismissing) return this.beacon(url, body);
    this.setState('saving');
    if (this.detaching) return this.later(url, body);
    const xhr = new XMLHttpRequest();
    try {
      xhr.open('POST', url, false);
      xhr.setRequestHeader('content-type', 'application/json');
      xhr.send(JSON.stringify(body));
    } catch {
      // Refused while a frame goes away, or offline: the browser still sends a beacon.
      if (this.dismissing) return this.beacon(url, body);
      this.scheduleRetry(url);
      return { result: 'false', errorCode: 391 };
    }
    return this.answer(url, body, xhr.status, xhr.responseText);
  }

  private answer(url: string, body: Commit, status: number, text: string): ResultObject {
    if (status === 200) {
      try {
        const saved = (JSON.parse(text) as { result: Saved }).result;
        if (this.pending === body) this.pending = null;
        this.stopRetry();
        this.setState('saved');
        this.onSaved(body.sco, saved);
        return { result: 'true', errorCode: 0 };
      } catch {
        // an unreadable answer is not a confirmation
      }
    }
    if (status === 401 || status === 400 || status === 409) {
      // The server will never take this commit (window expired, invalid data, attempt replaced): no retrying.
      if (this.pending === body) this.pending = null;
      this.stopRetry();
      this.setState('saved');
      if (status === 401) this.onExpired();
      return { result: 'false', errorCode: 391 };
    }
    this.scheduleRetry(url);
    return { result: 'false', errorCode: 391 };
  }

  /**
   * Sends a commit made while its SCO's frame goes away without waiting: the content cannot wait for the answer, and
   * the next SCO starts only once it came (`settled`), so the server sees the attempt's commits in order.
   */
  private later(url: string, body: Commit): ResultObject {
    const text = JSON.stringify(body);
    const request = fetch(url, {
      method: 'POST',
      keepalive: text.length <= BEACON_BYTES,
      headers: { 'content-type': 'application/json' },
      body: text,
    }).then(
      async (response) => void this.answer(url, body, response.status, await response.text()),
      () => this.scheduleRetry(url),
    );
    this.inflight.add(request);
    void request.finally(() => this.inflight.delete(request));
    return { result: 'true', errorCode: 0 };
  }

  /** Resolves once the commits sent while a SCO's frame went away have their answers. */
  async settled(): Promise<void> {
    await Promise.all([...this.inflight]);
  }

  /**
   * Hands a commit to the browser as the page goes away: a beacon, else a keepalive fetch (`beaconBody`). A commit
   * that does not fit is answered "false": the browser would drop it.
   */
  private beacon(url: string, body: Commit): ResultObject {
    const blob = beaconBody(body);
    const sent = !!blob && (navigator.sendBeacon(url, blob) || this.keepalive(url, blob));
    if (sent) this.pending = null;
    return sent ? { result: 'true', errorCode: 0 } : { result: 'false', errorCode: 391 };
  }

  private keepalive(url: string, blob: Blob): boolean {
    try {
      void fetch(url, { method: 'POST', keepalive: true, headers: { 'content-type': blob.type }, body: blob });
      return true;
    } catch {
      return false;
    }
  }

  private scheduleRetry(url: string): void {
    this.setState('retrying');
    if (this.retryTimer) return;
    this.retryTimer = setInterval(() => void this.retry(url), RETRY_MS);
  }

  private stopRetry(): void {
    if (this.retryTimer) clearInterval(this.retryTimer);
    this.retryTimer = null;
  }

  /** Sends the kept commit again; its sequence number makes a duplicate harmless on the server. */
  async retry(url: string): Promise<void> {
    const body = this.pending;
    if (!body) return;
    try {
      const response = await fetch(url, {
        method: 'POST',
        keepalive: JSON.stringify(body).length <= BEACON_BYTES,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      this.answer(url, body, response.status, await response.text());
    } catch {
      // still offline: the timer tries again
    }
  }

  /** The page goes away: a commit still waiting for the server leaves as a beacon. */
  flush(url: string): void {
    this.dismissing = true;
    this.stopRetry();
    if (this.pending) this.beacon(url, this.pending);
  }
}
