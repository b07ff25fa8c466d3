import type { courseRoutes } from '@portal/shared';
import { Scorm12API, Scorm2004API } from 'scorm-again';
import type { CommitChannel } from './commit-channel';
import {
  checkCollectionIndexes,
  completeUnsetStatusOnFinish,
  refuseContainerElements,
  refuseMalformedValues,
  type Scorm12Model,
  type ScormDataModelAccess,
} from './scorm-rules';

type CourseLaunch = courseRoutes.CourseLaunch;
type LaunchSco = courseRoutes.LaunchSco;

export interface ScormApi {
  loadFromJSON(json: object, element: string): void;
  on(event: string, callback: (...args: unknown[]) => void): void;
}

/** The saved data model of a SCO (scorm-again commits it under a `cmi` root). */
function savedModel(sco: LaunchSco): Record<string, unknown> {
  const saved = sco.cmi as { cmi?: Record<string, unknown> } | null;
  return { ...((saved?.cmi ?? saved ?? {}) as Record<string, unknown>) };
}

/**
 * The entry value of a launch (SCORM 1.2 RTE 3.4.4, 2004 RTE 4.2.9): "resume" after a suspend, "ab-initio" on the
 * attempt's first launch, "" otherwise.
 */
function entryOf(exit: unknown, started: boolean): string {
  if (exit === 'suspend') return 'resume';
  return started ? '' : 'ab-initio';
}

/**
 * The SCORM 1.2 data model a launch starts with: the saved one, and on every launch the values the LMS owns (entry,
 * credit, mode, learner, the manifest's mastery score, time limit and launch data).
 */
export function seed12(launch: CourseLaunch, sco: LaunchSco): Record<string, unknown> {
  const model = savedModel(sco);
  const core = { ...((model.core as Record<string, unknown> | undefined) ?? {}) };
  const review = launch.mode === 'review';
  return {
    ...model,
    core: {
      ...core,
      entry: entryOf(core.exit, sco.cmi !== null),
      // RTE 1.2 3.4.4: the total time of a SCO never run is 0000:00:00 (scorm-again starts it empty)
      total_time: core.total_time || '0000:00:00',
      exit: '',
      session_time: undefined,
      credit: review ? 'no-credit' : 'credit',
      lesson_mode: review ? 'review' : 'normal',
      student_id: launch.learner.id,
      student_name: launch.learner.name,
    },
    launch_data: sco.launch.launch_data,
    student_data: {
      ...((model.student_data as Record<string, unknown> | undefined) ?? {}),
      mastery_score: sco.launch.mastery_score,
      max_time_allowed: sco.launch.max_time_allowed,
      time_limit_action: sco.launch.time_limit_action,
    },
  };
}

/**
 * The SCORM 2004 data model a launch starts with, as `seed12`, with the manifest's objectives and thresholds. A SCO
 * left without `cmi.exit` "suspend" ended its attempt: outside review it starts a new one, `ab-initio` with a fresh
 * data model (RTE 4.2.8 cmi.exit, 4.2.9 cmi.entry).
 */
export function seed2004(launch: CourseLaunch, sco: LaunchSco): Record<string, unknown> {
  const review = launch.mode === 'review';
  const saved = savedModel(sco);
  const model = review || saved.exit === 'suspend' ? saved : {};
  const savedObjectives = (model.objectives as Record<string, { id?: string }> | undefined) ?? {};
  const known = new Set(Object.values(savedObjectives).map((o) => o?.id));
  const objectives: Record<string, unknown> = { ...savedObjectives };
  let next = Object.keys(savedObjectives).length;
  for (const id of sco.launch.objective_ids) if (!known.has(id)) objectives[String(next++)] = { id };
  return {
    ...model,
    entry: entryOf(saved.exit, review && sco.cmi !== null),
    exit: '',
    session_time: undefined,
    credit: review ? 'no-credit' : 'credit',
    mode: review ? 'review' : 'normal',
    learner_id: launch.learner.id,
    learner_name: launch.learner.name,
    launch_data: sco.launch.launch_data,
    completion_threshold: sco.launch.completion_threshold,
    scaled_passing_score: sco.launch.scaled_passing_score,
    max_time_allowed: sco.launch.max_time_allowed,
    time_limit_action: sco.launch.time_limit_action || 'continue,no message',
    objectives,
  };
}

/** A seed without its empty values, which scorm-again's loadFromJSON would refuse or take as set. */
export const dropEmpty = (model: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(model).filter(([, v]) => v !== '' && v !== undefined));

/** Keeps the content's API calls in the attempt's log, which goes with its commits. */
export function logCalls(api: ScormApi, channel: CommitChannel): void {
  for (const event of ['Initialize', 'LMSInitialize', 'Terminate', 'LMSFinish', 'Commit', 'LMSCommit']) {
    api.on(event, () => channel.record({ t: Date.now(), call: event }));
  }
  for (const event of ['SetValue', 'LMSSetValue']) {
    api.on(event, (element: unknown, value: unknown) =>
      channel.record({ t: Date.now(), call: event, element: String(element), value: String(value).slice(0, 4096) }),
    );
  }
}

/**
 * One SCO's run-time: scorm-again's API seeded before the SCO loads, its commits carried by the attempt's channel.
 * The API sits on this window (window.API for 1.2, window.API_1484_11 for 2004), where the SCO frame finds it.
 */
export function createScoRuntime(launch: CourseLaunch, sco: LaunchSco, channel: CommitChannel, commitUrl: string) {
  const httpService = {
    processHttpRequest: (_url: string, params: unknown) =>
      channel.send(commitUrl, sco.id, params as Record<string, unknown>),
    updateSettings: () => undefined,
  };
  const settings = {
    lmsCommitUrl: commitUrl,
    autocommit: false,
    sendFullCommit: true,
    dataCommitFormat: 'json',
    logLevel: 5 as const,
    httpService,
  };
  const w = window as unknown as Record<string, unknown>;
  let api: ScormApi;
  if (launch.scorm_version === '2004') {
    api = new Scorm2004API(settings) as unknown as ScormApi;
    api.loadFromJSON(dropEmpty(seed2004(launch, sco)), '');
    refuseContainerElements(api as unknown as ScormDataModelAccess, 401);
    checkCollectionIndexes(api as unknown as ScormDataModelAccess);
    refuseMalformedValues(api as unknown as ScormDataModelAccess);
    w.API_1484_11 = api;
  } else {
    api = new Scorm12API(settings) as unknown as ScormApi;
    const model = seed12(launch, sco);
    api.loadFromJSON(
      {
        ...model,
        student_data: dropEmpty(model.student_data as Record<string, unknown>),
        launch_data: sco.launch.launch_data || undefined,
      },
      '',
    );
    refuseContainerElements(api as unknown as ScormDataModelAccess, 201);
    completeUnsetStatusOnFinish(api as unknown as Scorm12Model, () =>
      channel.record({ t: Date.now(), call: 'LMS', element: 'cmi.core.lesson_status', value: 'completed' }),
    );
    w.API = api;
  }
  logCalls(api, channel);
  return {
    dispose() {
      if (w.API === api) delete w.API;
      if (w.API_1484_11 === api) delete w.API_1484_11;
    },
  };
}
