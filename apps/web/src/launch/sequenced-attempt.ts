import { CONTENT_PATHS, type courseRoutes } from '@portal/shared';
import type { CommitChannel } from './commit-channel';
import type { FromLaunchPage, NavigationRequest } from './messages';
import { applyScorm2004Rules, logCalls, type ScormApi } from './sco-runtime';
import { splitSharedData } from './shared-data';
import { SequencingEngine, type EngineOutcome } from './sequencing';

type CourseLaunch = courseRoutes.CourseLaunch;
type LaunchSequencing = courseRoutes.LaunchSequencing;
type Cmi = Record<string, unknown>;

/** `adl.nav.request`'s value for a navigation request (SCORM 2004 RTE 4.4.1). */
function requestValue(request: NavigationRequest): string {
  return 'target' in request ? `{target=${request.target}}${request.request}` : request.request;
}

/**
 * One attempt of a sequenced SCORM 2004 course in the launch page: the engine decides each delivery; the SCO frame
 * shows the delivered activity, its run-time reset and seeded first. A navigation request takes effect when the SCO
 * terminates (its own `adl.nav.request`), or when the learner uses the player's controls (the SCO unloads first).
 * Every commit carries the engine's state, the root's rollup and the global objectives global to the system; after
 * each navigation the state is committed again, so a closed tab resumes where it was.
 */
export class SequencedAttempt {
  private readonly engine: SequencingEngine;
  /** Each activity's data model as last committed in this attempt. */
  private readonly saved = new Map<string, Cmi>();
  /** The activity whose SCO the frame shows, and the last one delivered (which the next state commit names). */
  private frame: HTMLIFrameElement | null = null;
  private delivered: string | null = null;
  private ended = false;
  /** The learner's request while the SCO unloads: the SCO's Terminate carries it in place of the SCO's own. */
  private learnerRequest: NavigationRequest | null = null;

  constructor(
    private readonly launch: CourseLaunch,
    private readonly sequencing: LaunchSequencing,
    private readonly channel: CommitChannel,
    private readonly commitUrl: string,
    private readonly post: (message: FromLaunchPage) => void,
  ) {
    for (const sco of launch.scos) if (sco.cmi) this.saved.set(sco.id, sco.cmi);
    const httpService = {
      processHttpRequest: (_url: string, params: unknown) => this.commit(params as Cmi),
      updateSettings: () => undefined,
    };
    this.engine = new SequencingEngine(sequencing, {
      lmsCommitUrl: commitUrl,
      autocommit: false,
      sendFullCommit: true,
      dataCommitFormat: 'json',
      logLevel: 5,
      httpService,
    });
    const api = this.engine.api as unknown as ScormApi & { Terminate(parameter?: string): string };
    applyScorm2004Rules(api);
    logCalls(api, channel);
    // Once the SCO runs, the valid controls are previewed on its live data.
    api.on('Initialize', () => queueMicrotask(() => this.postNavigation()));
    // The content's own navigation request is processed inside Terminate; what it delivered is shown once it returns.
    // A learner's request pending as the SCO terminates takes the place of the SCO's (SCORM 2004 SN 5.4).
    const terminate = this.engine.api.Terminate;
    api.Terminate = (parameter?: string) => {
      const learner = this.engine.api.isInitialized() ? this.learnerRequest : null;
      if (learner) this.engine.api.SetValue('adl.nav.request', requestValue(learner));
      const result = terminate.call(this.engine.api, parameter);
      if (result === 'true') {
        if (learner) this.learnerRequest = null;
        const outcome = this.engine.takeOutcome();
        this.afterNavigation(learner ? this.orStays(outcome) : outcome);
      }
      return result;
    };
    (window as unknown as Record<string, unknown>).API_1484_11 = api;
  }

  /** Starts the session (or resumes the saved one) and delivers its first activity. */
  begin(): void {
    this.afterNavigation(this.engine.begin());
  }

  /**
   * A request from the player's controls. A running SCO unloads first; the request goes with its Terminate, whether
   * the SCO terminates as it unloads (in place of a request of its own) or is terminated here.
   */
  navigate(request: NavigationRequest): void {
    if (this.ended || !this.engine.allows(request)) return this.postNavigation();
    this.learnerRequest = request;
    this.unloadFrame();
    if (!this.learnerRequest) return;
    if (this.engine.api.isInitialized()) this.engine.api.Terminate('');
    else this.afterNavigation(this.orStays(this.engine.navigate(request)));
    this.learnerRequest = null;
  }

  /** A learner's request the engine refused after all (the look-ahead said otherwise): the open activity loads again. */
  private orStays(outcome: EngineOutcome): EngineOutcome {
    const stays = !outcome.delivered && !outcome.ended && this.engine.current()?.id === this.delivered;
    return stays ? { ...outcome, delivered: this.delivered, resumed: true } : outcome;
  }

  private commit(params: Cmi) {
    const activity = this.delivered;
    if (!activity) return { result: 'false', errorCode: 391 };
    const { cmi, shared } = splitSharedData(this.launch, params);
    this.saved.set(activity, cmi);
    const result = this.channel.send(this.commitUrl, activity, cmi, { ...this.snapshot(), shared });
    this.postNavigation();
    return result;
  }

  /** The engine's state, its root's rollup and the global objectives global to the system, for a commit. */
  private snapshot() {
    return {
      sequencing: { state: this.engine.snapshot(), rollup: this.engine.rollup() },
      globalObjectives: this.engine.globalObjectives(),
    };
  }

  /** After a navigation request: its state saved, the player told, and the delivered activity shown. */
  private afterNavigation(outcome: EngineOutcome): void {
    if (outcome.ended) this.ended = true;
    if (this.delivered)
      this.channel.send(this.commitUrl, this.delivered, this.saved.get(this.delivered) ?? {}, this.snapshot());
    this.postNavigation();
    if (outcome.delivered) {
      const activity = outcome.delivered;
      this.delivered = activity;
      // Terminate is still on the content's stack: the next SCO loads once it returned.
      setTimeout(() => void this.show(activity, outcome.resumed));
    } else if (this.ended) {
      setTimeout(() => void this.show(null, false));
    }
  }

  private postNavigation(): void {
    this.post({ type: 'portal:navigation', state: this.engine.navigationState(this.ended) });
  }

  private unloadFrame(): void {
    if (!this.frame) return;
    this.frame.remove();
    this.frame = null;
  }

  /** Shows an activity: the open SCO unloads, its last commits are answered, then the next one is seeded and loaded. */
  private async show(activity: string | null, resumed: boolean): Promise<void> {
    this.unloadFrame();
    this.channel.detaching = false;
    await this.channel.settled();
    if (!activity || activity !== this.delivered) return;
    const launch = this.sequencing.launches[activity];
    if (!launch) return this.post({ type: 'portal:failed', reason: 'missing' });
    this.engine.prepare(this.launch, activity, this.saved.get(activity) ?? null, resumed);
    const frame = document.createElement('iframe');
    this.channel.watch(frame);
    frame.title = this.engine.activities().find((a) => a.id === activity)?.title ?? activity;
    frame.src = `${CONTENT_PATHS.files}${encodeURIComponent(this.launch.token)}/${launch.href}`;
    document.body.replaceChildren(frame);
    this.frame = frame;
    this.postNavigation();
  }
}
