import type { courseRoutes, InputOf } from '@portal/shared';
import { completeUnsetStatusOnFinish, type Scorm12Model } from './scorm-rules';

type CourseState = courseRoutes.CourseState;
type CourseSco = courseRoutes.CourseSco;
type LogEntry = courseRoutes.ScormLogEntry;
type SaveInput = InputOf<typeof courseRoutes.setCourseState>;
type Saved = courseRoutes.SavedCourseState;

const COMMIT_URL = '/api?r=set_course_state';
const RETRY_MS = 4000;
const MAX_LOG = 400;

/** What the player shows about saving: all saved, a commit waiting for the server, or a retry pending. */
export type SaveState = 'saved' | 'saving' | 'retrying';

interface ScormApi {
  loadFromJSON(json: object, element: string): void;
  on(event: string, callback: (...args: unknown[]) => void): void;
  reset?(settings?: object): void;
}

/**
 * The commit sequence of one attempt, shared by every SCO launch of a player: the server keeps one
 * sequence per attempt and ignores a commit whose number it already saved, so the parts of a multi-SCO
 * course must never reuse a number (the second part's first commit was silently dropped when each
 * launch counted on from the sequence the player had loaded when it opened).
 */
export class CommitSequence {
  private last = 0;

  /** Takes note of a number already used (loaded with the state, or confirmed by the server). */
  seen(seq: number): void {
    if (seq > this.last) this.last = seq;
  }

  next(): number {
    this.last += 1;
    return this.last;
  }
}

/**
 * One SCO launch on the SCORM run-time of scorm-again: loads the saved data model, exposes window.API
 * (1.2) or window.API_1484_11 (2004), sends every commit synchronously to `set_course_state` and answers
 * the content "true" only when the server confirmed it. A failed commit is kept (the newest full data
 * model replaces older ones, their logs are merged) and retried until the server takes it; when the page
 * closes the pending commit goes out with sendBeacon.
 */
export class ScormSession {
  private log: LogEntry[] = [];
  private pending: SaveInput | null = null;
  private retryTimer: ReturnType<typeof setInterval> | null = null;
  private api: ScormApi | null = null;
  private listeners = new Set<() => void>();
  private terminated = false;
  saveState: SaveState = 'saved';
  complete: boolean;

  constructor(
    private readonly state: CourseState,
    private readonly sco: CourseSco,
    private readonly learner: { id: number; name: string },
    private readonly onSaved: (saved: Saved) => void,
    private readonly sequence: CommitSequence = new CommitSequence(),
  ) {
    sequence.seen(state.seq);
    this.complete = state.complete;
  }

  /** The SCO this session runs. */
  get scoId(): string {
    return this.sco.id;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  private setSaveState(next: SaveState): void {
    if (this.saveState !== next) {
      this.saveState = next;
      this.emit();
    }
  }

  /** Creates the run-time API on window before the content frame loads. */
  async start(): Promise<void> {
    const version = this.state.course.scorm_version ?? '1.2';
    const settings = {
      lmsCommitUrl: COMMIT_URL,
      useAsynchronousCommits: false,
      autocommit: false,
      sendFullCommit: true,
      dataCommitFormat: 'json',
      commitRequestDataType: 'application/json;charset=UTF-8',
      terminationCommitContentType: 'application/json',
      logLevel: 5,
      requestHandler: (commit: unknown) => this.payload(commit),
      xhrResponseHandler: (xhr: XMLHttpRequest) => this.response(xhr),
    };
    const saved = this.sco.cmi as { cmi?: Record<string, unknown> } | null;
    const model = { ...((saved?.cmi ?? saved ?? {}) as Record<string, unknown>) };
    if (version === '2004') {
      const { Scorm2004API } = await import('scorm-again');
      const api = new Scorm2004API(settings) as unknown as ScormApi;
      const resume = model.exit === 'suspend';
      api.loadFromJSON(
        {
          ...model,
          entry: resume ? 'resume' : model.location || model.suspend_data ? '' : 'ab-initio',
          exit: '',
          session_time: undefined,
          learner_id: String(this.learner.id),
          learner_name: this.learner.name,
        },
        '',
      );
      this.api = api;
      (window as unknown as Record<string, unknown>).API_1484_11 = api;
    } else {
      const { Scorm12API } = await import('scorm-again');
      const api = new Scorm12API(settings) as unknown as ScormApi;
      const core = { ...((model.core as Record<string, unknown> | undefined) ?? {}) };
      const resume = core.exit === 'suspend';
      api.loadFromJSON(
        {
          ...model,
          core: {
            ...core,
            entry: resume ? 'resume' : core.lesson_location || model.suspend_data ? '' : 'ab-initio',
            exit: '',
            session_time: undefined,
            student_id: String(this.learner.id),
            student_name: this.learner.name,
          },
        },
        '',
      );
      completeUnsetStatusOnFinish(api as unknown as Scorm12Model, () =>
        this.record({ t: Date.now(), call: 'LMS', element: 'cmi.core.lesson_status', value: 'completed' }),
      );
      this.api = api;
      (window as unknown as Record<string, unknown>).API = api;
    }
    for (const event of ['Initialize', 'LMSInitialize', 'Terminate', 'LMSFinish', 'Commit', 'LMSCommit']) {
      this.api.on(event, () => this.record({ t: Date.now(), call: event }));
    }
    for (const event of ['SetValue', 'LMSSetValue']) {
      this.api.on(event, (element: unknown, value: unknown) =>
        this.record({ t: Date.now(), call: event, element: String(element), value: String(value).slice(0, 4096) }),
      );
    }
    for (const event of ['Terminate', 'LMSFinish']) this.api.on(event, () => (this.terminated = true));
    // A commit that could not reach the server at all (the synchronous request threw) never reaches
    // xhrResponseHandler: it is still 'saving' once the content's commit call returns, so keep it and retry.
    for (const event of ['Commit', 'LMSCommit', 'Terminate', 'LMSFinish']) {
      this.api.on(event, () => {
        if (this.pending && this.saveState === 'saving') this.scheduleRetry();
      });
    }
  }

  private record(entry: LogEntry): void {
    this.log.push(entry);
    if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);
  }

  /** The body of one commit: the full data model, the next sequence number and the calls since the last save. */
  private payload(commit: unknown): SaveInput {
    const body: SaveInput = {
      course_alias: this.state.course.alias,
      course_id: this.state.course.id,
      attempt: this.state.attempt,
      seq: this.sequence.next(),
      sco: this.sco.id,
      cmi: commit as Record<string, unknown>,
      log: [...(this.pending?.log ?? []), ...this.log].slice(-MAX_LOG),
    };
    this.log = [];
    this.pending = body;
    this.setSaveState('saving');
    return body;
  }

  private response(xhr: XMLHttpRequest): { result: string; errorCode: number } {
    if (xhr.status === 200) {
      try {
        this.accepted((JSON.parse(xhr.responseText) as { result: Saved }).result);
        return { result: 'true', errorCode: 0 };
      } catch {
        // fall through: an unreadable answer is not a confirmation
      }
    }
    if (xhr.status === 409 || xhr.status === 400) {
      // The server will never take this commit (attempt replaced, invalid data); keeping it would retry forever.
      this.pending = null;
      this.setSaveState('saved');
      return { result: 'false', errorCode: 391 };
    }
    this.scheduleRetry();
    return { result: 'false', errorCode: 391 };
  }

  private accepted(saved: Saved): void {
    if (saved.attempt === this.state.attempt) this.sequence.seen(saved.seq);
    this.pending = null;
    this.complete = saved.complete;
    this.stopRetry();
    this.setSaveState('saved');
    this.onSaved(saved);
  }

  private scheduleRetry(): void {
    this.setSaveState('retrying');
    if (this.retryTimer) return;
    this.retryTimer = setInterval(() => void this.retry(), RETRY_MS);
  }

  private stopRetry(): void {
    if (this.retryTimer) clearInterval(this.retryTimer);
    this.retryTimer = null;
  }

  /** Sends the kept commit again; the same sequence number makes a duplicate harmless on the server. */
  async retry(): Promise<boolean> {
    const body = this.pending;
    if (!body) return true;
    try {
      const response = await fetch(COMMIT_URL, {
        method: 'POST',
        credentials: 'same-origin',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.ok) {
        const json = (await response.json()) as { result: Saved };
        if (this.pending === body) this.accepted(json.result);
        return true;
      }
      if (response.status === 409 || response.status === 400) {
        if (this.pending === body) this.pending = null;
        this.stopRetry();
        this.setSaveState('saved');
      }
    } catch {
      // still offline: the timer tries again
    }
    return false;
  }

  /** Whether the content already finished (Terminate / LMSFinish). */
  get finished(): boolean {
    return this.terminated;
  }

  get hasPending(): boolean {
    return this.pending !== null;
  }

  /** On page close: hand the kept commit to the browser, which sends it even as the page goes away. */
  flushOnUnload(): void {
    if (!this.pending) return;
    const blob = new Blob([JSON.stringify(this.pending)], { type: 'application/json' });
    if (!navigator.sendBeacon(COMMIT_URL, blob)) void this.retry();
  }

  /** Removes the API from window; the kept commit, if any, goes on being retried by the caller's choice. */
  dispose(): void {
    const w = window as unknown as Record<string, unknown>;
    if (w.API === this.api) delete w.API;
    if (w.API_1484_11 === this.api) delete w.API_1484_11;
    if (!this.pending) this.stopRetry();
  }
}
