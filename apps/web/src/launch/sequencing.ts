import { courseRoutes } from '@portal/shared';
import { Scorm2004API } from 'scorm-again';
import { correctEngine } from './engine-corrections';
import { globalObjectivesOf, restoreGlobalObjectives } from './global-objectives';
import type { NavigationActivity, NavigationRequest, NavigationState } from './messages';
import { dropEmpty, seed2004 } from './sco-runtime';
import { resumableState } from './sequencing-state';
import { seedSharedData, type SharedDataApi } from './shared-data';

type CourseLaunch = courseRoutes.CourseLaunch;
type LaunchSequencing = courseRoutes.LaunchSequencing;
type SequencingRollup = courseRoutes.SequencingRollup;

/** What the launch page reads of scorm-again's activities. */
export interface EngineActivity {
  id: string;
  title: string;
  isVisible: boolean;
  isActive: boolean;
  attemptCount: number;
  completionStatus: string;
  successStatus: string;
  objectiveMeasureStatus: boolean;
  objectiveNormalizedMeasure: number;
  children: EngineActivity[];
}

interface OverallProcess {
  predictContinueEnabled(): boolean;
  predictPreviousEnabled(): boolean;
  predictChoiceEnabled(id: string): boolean;
  getContentActivityData(activity: EngineActivity): { hideLmsUi: string[] };
  sequencingProcess: {
    validateNavigationRequest(request: 'choice', target: string, current: null): { valid: boolean };
  };
}

/** What happened in the engine since the launch page last looked: an activity to deliver, or the session's end. */
export interface EngineOutcome {
  delivered: string | null;
  ended: boolean;
  /** The delivery resumes the attempt's suspended (or left open) activity: its saved data is loaded whatever its exit. */
  resumed: boolean;
}

/** scorm-again's sequencing service as the launch page reads it. */
interface EngineService {
  getSequencingState(): { currentActivity: EngineActivity | null; rootActivity: EngineActivity | null };
  getOverallSequencingProcess(): OverallProcess | null;
}

/** The engine state saved with a commit. */
export type EngineSnapshot = Record<string, unknown> & { sequencing: Record<string, unknown> | null };

const COMPLETION = new Set(['completed', 'incomplete', 'not attempted', 'unknown']);
const SUCCESS = new Set(['passed', 'failed', 'unknown']);

/**
 * The attempt's sequencing engine: scorm-again's SCORM 2004 API given the course's activity tree, one for the whole
 * attempt. It decides which activity is delivered (start or resume, then each navigation request, whether the
 * content sets `adl.nav.request` before Terminate or the learner uses the player's controls) and rolls the
 * activities' status up to the root. The run-time of each delivered SCO is this same API, reset per delivery.
 */
export class SequencingEngine {
  readonly api: Scorm2004API;
  private outcome: EngineOutcome = { delivered: null, ended: false, resumed: false };

  constructor(
    private readonly sequencing: LaunchSequencing,
    settings: Record<string, unknown>,
  ) {
    this.api = new Scorm2004API({
      ...settings,
      sequencing: { activityTree: sequencing.activityTree },
    } as ConstructorParameters<typeof Scorm2004API>[0]);
    // The server gives no global objectives to a course whose objectives are not global to the system.
    correctEngine(this.api, sequencing.activityTree, sequencing.global_objectives !== null);
    this.api.setSequencingEventListeners({
      onActivityDelivery: (activity) => {
        this.outcome.delivered = activity.id;
      },
      onSequencingSessionEnd: () => {
        this.outcome.ended = true;
      },
    });
  }

  /** What the engine did since the last call: the activity it delivered and whether the session ended. */
  takeOutcome(): EngineOutcome {
    const outcome = this.outcome;
    this.outcome = { delivered: null, ended: false, resumed: false };
    return outcome;
  }

  /**
   * Begins the session: the saved state restored (a session left open becomes a suspended one) and the learner's
   * global objectives over it when they are global to the system, then `resumeAll` for a suspended attempt, else
   * `start`. A course with one activity and no flow delivers it by choice, as the player's list would. Returns what
   * was delivered.
   */
  begin(): EngineOutcome {
    const saved = this.sequencing.state;
    if (saved) this.api.deserializeSequencingState(JSON.stringify(resumableState(saved, this.sequencing.activityTree)));
    if (this.sequencing.global_objectives) restoreGlobalObjectives(this.api, this.sequencing.global_objectives.states);
    const resumed = !!saved && this.api.processNavigationRequest('resumeAll');
    if (!resumed) this.api.processNavigationRequest('start');
    if (!this.current()) {
      const leaves = this.activities().filter((a) => a.children.length === 0);
      if (leaves.length === 1) this.api.processNavigationRequest('choice', leaves[0]!.id);
    }
    return { ...this.takeOutcome(), resumed };
  }

  /**
   * Resets the run-time for a delivered activity and loads what its SCO starts with: the launch values, and its saved
   * data when the delivery continues its attempt (it was left suspended, or `resumed`) or the course is in review;
   * a new attempt starts empty.
   */
  prepare(launch: CourseLaunch, activityId: string, saved: Record<string, unknown> | null, resumed: boolean): void {
    this.api.reset(undefined, { preserveListeners: true, resetTotalTime: true });
    // scorm-again's reset keeps the previous SCO's launch values; the seed sets only the non-empty ones.
    Object.assign(this.api.cmi, { launch_data: '', scaled_passing_score: '', max_time_allowed: '' });
    const sco = launch.scos.find((s) => s.id === activityId);
    const continues = !!saved && (resumed || exitOf(saved) === 'suspend');
    const seed = seed2004(
      launch,
      {
        id: activityId,
        title: sco?.title ?? activityId,
        href: sco?.href ?? '',
        done: false,
        launch: sco?.launch ?? courseRoutes.NO_LAUNCH_VALUES,
        cmi: continues || launch.mode === 'review' ? saved : null,
      },
      continues,
    );
    const objectives = this.alignObjectives(seed.objectives as Record<string, { id?: string }>);
    this.api.loadFromJSON(dropEmpty({ ...seed, objectives }), '');
    seedSharedData(this.api as unknown as SharedDataApi, launch, activityId);
  }

  /** Objectives keyed at the index the engine already seeded for their id; the others after them. */
  private alignObjectives(objectives: Record<string, { id?: string }>): Record<string, unknown> {
    const seeded = (this.api.cmi.objectives.childArray as unknown as { id: string }[]).map((o) => o.id);
    const aligned: Record<string, unknown> = {};
    let next = seeded.length;
    for (const objective of Object.values(objectives)) {
      const index = objective.id ? seeded.indexOf(objective.id) : -1;
      aligned[String(index >= 0 ? index : next++)] = objective;
    }
    return aligned;
  }

  /** A navigation request the learner makes while no SCO is running (between deliveries, or after it terminated). */
  navigate(request: NavigationRequest): EngineOutcome {
    if ('target' in request) this.api.processNavigationRequest(request.request, request.target);
    else this.api.processNavigationRequest(request.request);
    return this.takeOutcome();
  }

  private service(): EngineService | null {
    return this.api.getSequencingService() as unknown as EngineService | null;
  }

  /** The activity delivered now, if its attempt is open. */
  current(): EngineActivity | null {
    const activity = this.service()?.getSequencingState().currentActivity ?? null;
    return activity?.isActive ? activity : null;
  }

  private root(): EngineActivity | null {
    return this.service()?.getSequencingState().rootActivity ?? null;
  }

  /** Every activity below the root in tree order, with its depth (0 for the root's children). */
  private listed(): { activity: EngineActivity; depth: number }[] {
    const all: { activity: EngineActivity; depth: number }[] = [];
    const walk = (activity: EngineActivity, depth: number) =>
      activity.children.forEach((child) => {
        all.push({ activity: child, depth });
        walk(child, depth + 1);
      });
    const root = this.root();
    if (root) walk(root, 0);
    return all;
  }

  /** Every activity below the root, in tree order. */
  activities(): EngineActivity[] {
    return this.listed().map(({ activity }) => activity);
  }

  /** The root's rolled-up status: what the course's result is recorded from. */
  rollup(): SequencingRollup {
    const root = this.root();
    const completion = root?.completionStatus ?? 'unknown';
    const success = root?.successStatus ?? 'unknown';
    const scaled = root?.objectiveMeasureStatus ? root.objectiveNormalizedMeasure : null;
    return {
      completion: (COMPLETION.has(completion) ? completion : 'unknown') as SequencingRollup['completion'],
      success: (SUCCESS.has(success) ? success : 'unknown') as SequencingRollup['success'],
      scaled: scaled !== null && Number.isFinite(scaled) ? Math.max(-1, Math.min(1, scaled)) : null,
    };
  }

  /** The engine's state to save with the attempt (activity states, global objectives, suspension). */
  snapshot(): EngineSnapshot {
    return JSON.parse(this.api.serializeSequencingState()) as EngineSnapshot;
  }

  /** The global objectives a commit carries when they are global to the system (the ids the tree maps). */
  globalObjectives(): Record<string, courseRoutes.GlobalObjectiveState> | undefined {
    const shared = this.sequencing.global_objectives;
    return shared ? globalObjectivesOf(this.api, shared.ids) : undefined;
  }

  /**
   * Whether a Continue or Previous would deliver something. While a SCO runs, its status is not yet the activity's
   * (that transfer happens at Terminate), so the engine previews the request on the SCO's live data.
   */
  private flowValid(request: 'continue' | 'previous'): boolean {
    const process = this.service()?.getOverallSequencingProcess();
    if (!process) return false;
    if (this.api.isInitialized()) {
      const preview = this.api.previewNavigationRequest(request).outcome;
      if (preview !== 'unknown') return preview === 'allowed';
    }
    return request === 'continue' ? process.predictContinueEnabled() : process.predictPreviousEnabled();
  }

  /**
   * Whether a choice of `id` would be taken. Before the session's first delivery scorm-again's look-ahead predicts no
   * choice at all (it never computes the choices from the root), so then the request itself is validated.
   */
  private choiceValid(process: OverallProcess, id: string): boolean {
    if (this.service()?.getSequencingState().currentActivity) return process.predictChoiceEnabled(id);
    return process.sequencingProcess.validateNavigationRequest('choice', id, null).valid;
  }

  /** Whether the engine would take a request of the player's now (a request it refuses leaves the SCO open). */
  allows(request: NavigationRequest): boolean {
    const process = this.service()?.getOverallSequencingProcess();
    if (!process) return false;
    switch (request.request) {
      case 'continue':
      case 'previous':
        return this.flowValid(request.request);
      case 'choice':
        return this.choiceValid(process, request.target);
      case 'jump':
        return this.activities().some((a) => a.id === request.target);
      case 'start':
        return !this.service()?.getSequencingState().currentActivity;
      default:
        return !!this.service()?.getSequencingState().currentActivity;
    }
  }

  /** What the player shows: the tree with each activity's status and choosability, the valid controls. */
  navigationState(ended: boolean): NavigationState {
    const process = this.service()?.getOverallSequencingProcess() ?? null;
    const current = this.current();
    const hidden = new Set<string>(current && process ? process.getContentActivityData(current).hideLmsUi : []);
    const open = !ended && !!process;
    const described = (activity: EngineActivity, depth: number): NavigationActivity => ({
      id: activity.id,
      title: activity.title,
      depth,
      visible: activity.isVisible,
      choosable: open && this.choiceValid(process!, activity.id),
      completion: completionOf(activity),
      success: (SUCCESS.has(activity.successStatus)
        ? activity.successStatus
        : 'unknown') as NavigationActivity['success'],
    });
    const root = this.root();
    const valid = (control: string, ok: boolean) => open && ok && !hidden.has(control);
    return {
      root: root ? described(root, 0) : null,
      activities: this.listed().map(({ activity, depth }) => described(activity, depth)),
      current: ended ? null : (current?.id ?? null),
      controls: {
        continue: valid('continue', this.flowValid('continue')),
        previous: valid('previous', this.flowValid('previous')),
        exit: valid('exit', !!current),
        exitAll: valid('exitAll', true),
        suspendAll: valid('suspendAll', !!current),
      },
      ended,
    };
  }
}

/** The `cmi.exit` a saved data model ended with (scorm-again commits it with or without the `cmi` root). */
function exitOf(saved: Record<string, unknown>): unknown {
  const model = (saved.cmi ?? saved) as Record<string, unknown>;
  return model.exit;
}

function completionOf(activity: EngineActivity): NavigationActivity['completion'] {
  if (activity.attemptCount === 0) return 'not attempted';
  return (
    COMPLETION.has(activity.completionStatus) ? activity.completionStatus : 'unknown'
  ) as NavigationActivity['completion'];
}
