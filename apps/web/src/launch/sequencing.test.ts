import fs from 'node:fs';
import path from 'node:path';
import { courseRoutes } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import type { NavigationRequest } from './messages';
import { SequencingEngine, type EngineOutcome } from './sequencing';
import { testLaunch } from './test-launch';

type LaunchSequencing = courseRoutes.LaunchSequencing;

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CTS = path.resolve(ROOT, '../shared/conformance/scorm2004-cts/Courses');
// The launch page takes the tree the server reads from the manifest at upload (imported by path: the web
// project's type check does not cover the server's sources).
const PARSER = path.join(ROOT, 'apps/server/src/scorm/sequencing/activity-tree.ts');
const { parseSequencing } = (await import(/* @vite-ignore */ PARSER)) as {
  parseSequencing(xml: string): {
    activityTree: Record<string, unknown>;
    launches: LaunchSequencing['launches'];
    objectivesGlobalToSystem: boolean;
  };
};

/**
 * A test case's sequencing as `launch_course` gives it to a learner with no global objectives stored: none for a
 * course whose objectives are not global to the system.
 */
function sequencingOf(id: string, state: Record<string, unknown> | null = null): LaunchSequencing {
  const parsed = parseSequencing(fs.readFileSync(path.join(CTS, `LMSTestPackage_${id}`, 'imsmanifest.xml'), 'utf8'));
  const globalObjectives = parsed.objectivesGlobalToSystem ? { ids: [], states: {} } : null;
  return { activityTree: parsed.activityTree, launches: parsed.launches, state, global_objectives: globalObjectives };
}

const launch = testLaunch();

/** The values of ADL's command abbreviations (Commands.properties) that the replayed commands use. */
const VALUES: Record<string, string> = {
  comp: 'completed',
  incomp: 'incomplete',
  unk: 'unknown',
  pass: 'passed',
  fail: 'failed',
  'M.n': 'normal',
  'X.s': 'suspend',
  'N.c': 'continue',
  'N.p': 'previous',
  'N.ea': 'exitAll',
  'N.sa': 'suspendAll',
};
const ELEMENTS: Record<string, string> = {
  'c~CS': 'cmi.completion_status',
  'c~SS': 'cmi.success_status',
  'c~PM': 'cmi.progress_measure',
  'c~X': 'cmi.exit',
  'c~S~SCA': 'cmi.score.scaled',
  'a~n~r': 'adl.nav.request',
};

interface Visit {
  activity: string;
  sets: [element: string, value: string][];
  cui: string | null;
}

/** One ADL test case: the deliveries in order, each with the SetValue calls its SCO makes and the tester's action. */
function testCase(id: string): { start: string; visits: Visit[] } {
  const text = fs.readFileSync(path.join(CTS, 'TestCases', `${id}.properties`), 'utf8');
  const visits: Visit[] = [];
  let start = '.';
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('start=')) start = line.slice(6).trim();
    const match = /^Act(\d+)V(\d+)\.(commands\.\d+|CUI)=(.*)$/.exec(line);
    if (!match) continue;
    const [, act, visit, kind, body] = match;
    const key = `activity_${act}:${visit}`;
    let current = visits.at(-1);
    if (!current || (current as Visit & { key?: string }).key !== key) {
      current = Object.assign({ activity: `activity_${act}`, sets: [], cui: null }, { key });
      visits.push(current);
    }
    if (kind === 'CUI') current.cui = body!.trim();
    const set = /^SET->(.+?)!(.+?)->/.exec(body!);
    const objective = set && /^c~OB~&(.+)&~(.+)$/.exec(set[1]!);
    const element = objective
      ? ELEMENTS[`c~${objective[2]}`]?.replace(/^cmi\./, `cmi.objectives.{${objective[1]}}.`)
      : set && ELEMENTS[set[1]!];
    if (kind !== 'CUI' && set && element) {
      const target = /^tar~(.+)~(TY\.c|N\.j)$/.exec(set[2]!);
      const request = target?.[2] === 'N.j' ? 'jump' : 'choice';
      current.sets.push([element, target ? `{target=${target[1]}}${request}` : (VALUES[set[2]!] ?? set[2]!)]);
    }
  }
  return { start, visits };
}

const choiceOf = (title: string): NavigationRequest => ({
  request: 'choice',
  target: title.replace(/^Activity (\d+)$/, 'activity_$1'),
});

/** `cmi.objectives.{id}.…` as the element of the objective with that id (a new one after the others if none). */
function objectiveIndexed(engine: SequencingEngine, element: string): string {
  const named = /^cmi\.objectives\.\{(.+)\}\.(.+)$/.exec(element);
  if (!named) return element;
  const count = Number(engine.api.GetValue('cmi.objectives._count'));
  let index = 0;
  while (index < count && engine.api.GetValue(`cmi.objectives.${index}.id`) !== named[1]) index++;
  if (index === count) engine.api.SetValue(`cmi.objectives.${index}.id`, named[1]!);
  return `cmi.objectives.${index}.${named[2]}`;
}

/**
 * The navigation request of the tester's action (`CUI`), if it is one: Continue, Previous, a choice (of the root
 * `rootId` when it says so), suspend or exit all.
 */
function learnerRequest(cui: string, rootId: string): NavigationRequest | null {
  if (cui === 'Continue') return { request: 'continue' };
  if (cui === 'Previous') return { request: 'previous' };
  if (cui.startsWith('Choice~'))
    return /corresponds to the root/.test(cui) ? { request: 'choice', target: rootId } : choiceOf(cui.slice(7));
  if (cui === 'SuspendCM09ca') return { request: 'suspendAll' };
  if (cui === 'ExitCM09ba') return { request: 'exitAll' };
  return null;
}

/**
 * Plays a test case through the engine as the launch page does: each delivery prepared and the SCO's calls replayed.
 * The tester's navigation takes the SCO away: it goes with the SCO's Terminate in place of a request of the SCO's own
 * (SN 5.4); a relaunch goes through the saved state. `sequencing` gives the launch's sequencing, with a saved state.
 */
function play(id: string, sequencing = (state: Record<string, unknown> | null) => sequencingOf(id, state)): string[] {
  const { start, visits } = testCase(id);
  let engine = new SequencingEngine(sequencing(null), { logLevel: 5 });
  let outcome: EngineOutcome = engine.begin();
  if (!outcome.delivered && start !== '.') outcome = engine.navigate(choiceOf(start));
  const delivered: string[] = [];
  for (const visit of visits) {
    if (!outcome.delivered) break;
    delivered.push(outcome.delivered);
    engine.prepare(launch, outcome.delivered, null, outcome.resumed);
    engine.api.Initialize('');
    for (const [element, value] of visit.sets) engine.api.SetValue(objectiveIndexed(engine, element), value);
    const cui = visit.cui ?? '';
    const learner = learnerRequest(cui, String(sequencingOf(id).activityTree.id));
    // The launch page takes a request of the player's only when the engine allows it.
    if (learner && engine.allows(learner))
      engine.api.SetValue(
        'adl.nav.request',
        'target' in learner ? `{target=${learner.target}}${learner.request}` : learner.request,
      );
    engine.api.Terminate('');
    outcome = engine.takeOutcome();
    if (/^(Relaunch|SuspendCM09ca|ExitCM09ba)/.test(cui)) {
      engine = new SequencingEngine(sequencing(engine.snapshot()), { logLevel: 5 });
      outcome = engine.begin();
    }
  }
  return delivered;
}

describe('deliveries decided by the engine', () => {
  it.each([
    ['CT-01', 'the content’s continue and previous'],
    ['CM-02a', 'the player’s Continue and Previous'],
    ['CM-07a', 'the player’s choice'],
    ['CM-05', 'a relaunch after suspendAll'],
    ['OB-03b', 'a relaunch after suspendAll, objectives kept'],
    ['RU-14a', 'a relaunch after a session left without suspendAll'],
    ['SX-04a', 'a relaunch after a session left without suspendAll, at the root'],
    ['CM-11', 'a relaunch after a session left without suspendAll, global objectives kept'],
    ['CM-01', 'an attempt duration limit not yet reached'],
    ['CM-06', 'a SCO that reports its completion unknown is not completed for it'],
    ['RU-19b', 'a SCO that reports its completion unknown leaves its progress unknown'],
    ['CM-16', 'a choice between the children of a cluster with constrainChoice'],
    ['CM-17a', 'a choice between the children of a cluster with preventActivation'],
    ['CM-17b', 'a choice into a cluster with preventActivation from outside it'],
    ['RU-05a', 'a rollup rule over children whose status is unknown'],
    ['RU-11', 'a rollup rule over children that are not tracked'],
    ['RU-05b', 'rollup rules that do not apply leave no place for the default rules'],
    ['RU-12a', 'rollup rules that do not apply leave no place for the default rules, on a cluster'],
    ['RU-01ab', 'an item’s empty rollup rules replace its collection member’s'],
    ['RU-10', 'a cluster not tracked, whose status its children do not set'],
    ['MS-05b', 'a cluster satisfied by the weighted measure of all its tracked children'],
    ['RU-14c', 'a cluster’s measure weighs every tracked child'],
    ['RU-15d', 'a cluster’s measure weighs every tracked child, after a relaunch'],
    ['MS-06', 'a cluster satisfied by an objective without an ID, once its attempt ended'],
    ['CO-02a', 'an activity completed by a progress measure read through an objective map'],
    ['CO-04a', 'an activity completed by the progress measure its SCO reports'],
    ['CO-12d', 'a cluster completed by the progress measure read through its objective map'],
    ['CO-04b', 'an activity completed by measure has no known progress without a measure'],
    ['CO-04c', 'an activity completed by measure has no known progress without a measure, whatever its SCO reports'],
    ['CO-03', 'completions read through objective maps rolled up by “satisfied if all completed”'],
    ['CO-05a', 'a cluster not tracked has no known progress for its preconditions'],
    ['CO-13a', 'a SCO’s own completion status stands over its primary objective’s entry'],
    ['CM-09aa', 'the learner’s Continue and choice in place of the SCO’s own request'],
    ['CM-09ba', 'the learner’s Continue and exit all in place of the SCO’s own request'],
    ['CM-09ca', 'the learner’s choice and suspend all in place of the SCO’s own request'],
    ['CM-09cb', 'the learner’s choice, into a post-condition that continues'],
    ['SX-02', 'the exit and post-condition rules the learner’s Continue applies'],
    ['CM-04b', 'a chosen cluster entered by flow, skipping what its rules skip'],
    ['T-01a', 'a cluster’s attempt limit not exceeded by its open attempt'],
    ['RU-07c', 'a cluster’s attempt limit not exceeded by its open attempt, with retries'],
    ['CM-03a', 'the content’s jump, which ends the attempt it leaves'],
    ['CM-07d', 'a choice out of a cluster whose own constrainChoice does not bind its parent’s children'],
    ['CM-03b', 'a Previous over the skipped children of a forwardOnly cluster turns back'],
    ['RU-15b', 'a child required only if not skipped, left out of rollup by its skip rule'],
    ['T-01b', 'a cluster required only if attempted, in rollup once attempted, whatever its own attempt’s progress'],
    ['RU-13a', 'a retry of the root keeps the global objectives global to the system'],
    ['RU-13d', 'a retry of the root starts the attempt’s own global objectives unknown'],
  ])('%s delivers its activities in the order of ADL’s test case (%s)', (id) => {
    expect(play(id)).toEqual(testCase(id).visits.map((v) => v.activity));
  });

  it('keeps the global objectives across a retry of the root when they are global to the system (RU-13d as RU-13a)', () => {
    const globalToSystem = (state: Record<string, unknown> | null) => ({
      ...sequencingOf('RU-13d', state),
      global_objectives: { ids: [], states: {} },
    });
    expect(play('RU-13d', globalToSystem)).toEqual(['activity_3', 'activity_4', 'activity_2']);
  });

  it('previews the retry of the root as it is taken, global objectives unknown (RU-13d, activity 4’s Continue)', () => {
    const engine = new SequencingEngine(sequencingOf('RU-13d'), { logLevel: 5 });
    engine.prepare(launch, engine.begin().delivered!, null, false);
    engine.api.Initialize('');
    engine.api.SetValue('adl.nav.request', 'continue');
    engine.api.Terminate('');
    engine.prepare(launch, engine.takeOutcome().delivered!, null, false);
    engine.api.Initialize('');
    engine.api.SetValue(objectiveIndexed(engine, 'cmi.objectives.{obj1}.success_status'), 'failed');
    engine.api.SetValue(objectiveIndexed(engine, 'cmi.objectives.{obj2}.success_status'), 'passed');
    expect(engine.api.previewNavigationRequest('continue').targetActivityId).toBe('activity_6');
    engine.api.SetValue('adl.nav.request', 'continue');
    engine.api.Terminate('');
    expect(engine.takeOutcome().delivered).toBe('activity_6');
  });

  it('lets the learner go back inside a cluster under a forwardOnly one, not out of it (CM-07e)', () => {
    const engine = new SequencingEngine(sequencingOf('CM-07e'), { logLevel: 5 });
    const visit = (id: string | null) => {
      expect(id).not.toBeNull();
      engine.prepare(launch, id!, null, false);
      engine.api.Initialize('');
    };
    const leaveFor = (request: NavigationRequest) => {
      engine.api.Terminate('');
      return engine.navigate(request).delivered;
    };
    visit(engine.begin().delivered);
    visit(leaveFor({ request: 'choice', target: 'CaseTest' }));
    visit(leaveFor({ request: 'continue' }));
    // Activity 5 is the first part of activity 4: back from it is out of activity 4, into the forwardOnly activity 2.
    expect(engine.navigationState(false).controls.previous).toBe(false);
    visit(leaveFor({ request: 'choice', target: 'activity_6' }));
    expect(engine.navigationState(false)).toMatchObject({ current: 'activity_6', controls: { previous: true } });
    expect(engine.api.GetValue('adl.nav.request_valid.previous')).toBe('true');
    expect(leaveFor({ request: 'previous' })).toBe('activity_5');
  });

  it('offers no choice of a part its pre-condition disables (CM-07a: activity 5 is always disabled)', () => {
    const engine = new SequencingEngine(sequencingOf('CM-07a'), { logLevel: 5 });
    const started = engine.begin().delivered ?? engine.navigate(choiceOf('Activity 1')).delivered;
    engine.prepare(launch, started!, null, false);
    engine.api.Initialize('');
    const choosable = (id: string) => engine.navigationState(false).activities.find((a) => a.id === id)!.choosable;
    expect([choosable('activity_5'), choosable('activity_6')]).toEqual([false, true]);
    expect(engine.allows({ request: 'choice', target: 'activity_5' })).toBe(false);
  });

  it('answers adl.nav.request_valid as ADL’s SX-02 expects, and the player’s controls agree', () => {
    const engine = new SequencingEngine(sequencingOf('SX-02'), { logLevel: 5 });
    const valid = (element: string) => engine.api.GetValue(`adl.nav.request_valid.${element}`);
    expect(engine.begin().delivered).toBe('activity_1');
    engine.prepare(launch, 'activity_1', null, false);
    engine.api.Initialize('');
    expect([valid('continue'), valid('previous'), valid('choice.{target=activity_3}')]).toEqual([
      'true',
      'false',
      'false',
    ]);
    expect(engine.navigationState(false).controls).toMatchObject({ continue: true, previous: false });
    expect(engine.allows({ request: 'previous' })).toBe(false);
    expect(engine.allows({ request: 'choice', target: 'activity_3' })).toBe(false);
    engine.api.SetValue('cmi.exit', 'normal');
    engine.api.Terminate('');
    expect(engine.navigate({ request: 'continue' }).delivered).toBe('activity_3');
    engine.prepare(launch, 'activity_3', null, false);
    engine.api.Initialize('');
    expect([valid('continue'), valid('previous'), valid('choice.{target=activity_5}')]).toEqual([
      'true',
      'true',
      'false',
    ]);
    expect(engine.navigationState(false)).toMatchObject({
      current: 'activity_3',
      controls: { continue: true, previous: true, exit: true, exitAll: true, suspendAll: true },
    });
    // Choice is off in this course: no activity may be chosen from the player's list.
    expect(engine.navigationState(false).activities.filter((a) => a.choosable)).toEqual([]);
  });

  it('resumes a session left while a SCO was open at that SCO, with its saved data', () => {
    const engine = new SequencingEngine(sequencingOf('CT-01'), { logLevel: 5 });
    expect(engine.begin().delivered).toBe('activity_1');
    engine.prepare(launch, 'activity_1', null, false);
    engine.api.Initialize('');
    engine.api.SetValue('adl.nav.request', 'continue');
    engine.api.Terminate('');
    // activity_2 is skipped by its precondition ("if completed, then skip").
    expect(engine.takeOutcome().delivered).toBe('activity_3');
    engine.prepare(launch, 'activity_3', null, false);
    engine.api.Initialize('');
    engine.api.SetValue('cmi.location', 'page 3');
    const saved = engine.api.renderCommitCMI(false) as Record<string, unknown>;

    const next = new SequencingEngine(sequencingOf('CT-01', engine.snapshot()), { logLevel: 5 });
    const outcome = next.begin();
    expect(outcome).toMatchObject({ delivered: 'activity_3', resumed: true });
    next.prepare(launch, 'activity_3', saved, outcome.resumed);
    next.api.Initialize('');
    expect(next.api.GetValue('cmi.location')).toBe('page 3');
    expect(next.navigationState(false)).toMatchObject({ current: 'activity_3', ended: false });
  });

  it('starts a new attempt on an activity left normally with empty data, and rolls its status up to the root', () => {
    const engine = new SequencingEngine(sequencingOf('CM-02a'), { logLevel: 5 });
    const first = engine.begin().delivered!;
    engine.prepare(launch, first, null, false);
    engine.api.Initialize('');
    engine.api.SetValue('cmi.location', 'end');
    engine.api.SetValue('cmi.exit', 'normal');
    const saved = engine.api.renderCommitCMI(true) as Record<string, unknown>;
    engine.api.Terminate('');
    engine.prepare(launch, first, saved, false);
    engine.api.Initialize('');
    expect(engine.api.GetValue('cmi.location')).toBe('');
    expect(engine.api.GetValue('cmi.entry')).toBe('ab-initio');
    expect(engine.rollup()).toEqual({ completion: expect.any(String), success: expect.any(String), scaled: null });
  });

  it('gives each delivery its own total time and launch values, none kept from the SCO before (DMB 6 to 9)', () => {
    const engine = new SequencingEngine(sequencingOf('CM-02a'), { logLevel: 5 });
    const first = engine.begin().delivered!;
    const values = { scaled_passing_score: '0.6', launch_data: 'data', max_time_allowed: 'PT1H' };
    const withValues = {
      ...launch,
      scos: [
        {
          id: first,
          title: first,
          href: '',
          cmi: null,
          done: false,
          launch: { ...courseRoutes.NO_LAUNCH_VALUES, ...values },
        },
      ],
    };
    engine.prepare(withValues, first, null, false);
    engine.api.Initialize('');
    expect(engine.api.GetValue('cmi.scaled_passing_score')).toBe('0.6');
    engine.api.SetValue('cmi.session_time', 'PT2H');
    engine.api.SetValue('cmi.exit', 'normal');
    engine.api.Terminate('');
    engine.prepare(launch, first, null, false);
    engine.api.Initialize('');
    expect(engine.api.GetValue('cmi.total_time')).toMatch(/^PT0(H0M0)?S$/);
    for (const element of Object.keys(values)) expect(engine.api.GetValue(`cmi.${element}`), element).toBe('');
  });

  it('keeps a primary objective without an ID out of the SCO’s cmi.objectives (OB-09b)', () => {
    const engine = new SequencingEngine(sequencingOf('OB-09b'), { logLevel: 5 });
    let delivered = engine.begin().delivered;
    for (const before of ['activity_1', 'activity_2']) {
      expect(delivered).toBe(before);
      engine.prepare(launch, before, null, false);
      engine.api.Initialize('');
      engine.api.SetValue('adl.nav.request', 'continue');
      engine.api.Terminate('');
      delivered = engine.takeOutcome().delivered;
    }
    expect(delivered).toBe('activity_3');
    engine.prepare(launch, 'activity_3', null, false);
    engine.api.Initialize('');
    const count = Number(engine.api.GetValue('cmi.objectives._count'));
    const ids = Array.from({ length: count }, (_, n) => engine.api.GetValue(`cmi.objectives.${n}.id`));
    expect(ids).toEqual(['obj1', 'obj2']);
  });

  it('lets the learner start a course whose root has no flow by choosing from the tree (CM-16)', () => {
    const engine = new SequencingEngine(sequencingOf('CM-16'), { logLevel: 5 });
    expect(engine.begin().delivered).toBeNull();
    const choosable = engine.navigationState(false).activities.filter((a) => a.choosable);
    expect(choosable.map((a) => a.id)).toContain('activity_2');
    expect(engine.allows({ request: 'choice', target: 'activity_2' })).toBe(true);
    expect(engine.navigate({ request: 'choice', target: 'activity_2' }).delivered).toBe('activity_2');
  });

  it('flows into a chosen cluster whose Skip pre-condition holds, as a choice does not skip (CM-04c)', () => {
    const engine = new SequencingEngine(sequencingOf('CM-04c'), { logLevel: 5 });
    engine.begin();
    expect(engine.navigate({ request: 'choice', target: 'activity_10' }).delivered).toBe('activity_12');
    engine.prepare(launch, 'activity_12', null, false);
    engine.api.Initialize('');
    engine.api.Terminate('');
    expect(engine.allows({ request: 'choice', target: 'Activity' })).toBe(true);
    expect(engine.navigate({ request: 'choice', target: 'Activity' }).delivered).toBe('activity_12');
  });
});

/** The element of objective `id` in the running SCO's `cmi.objectives` (`cmi.objectives.2.score.raw` for `score.raw`). */
function objectiveElement(engine: SequencingEngine, id: string, field: string): string {
  const count = Number(engine.api.GetValue('cmi.objectives._count'));
  const index = Array.from({ length: count }, (_, n) => n).find(
    (n) => engine.api.GetValue(`cmi.objectives.${n}.id`) === id,
  );
  return `cmi.objectives.${index ?? count}.${field}`;
}

describe('global objectives read into the delivered SCO’s cmi.objectives', () => {
  it('OB-06: an objective reads the scores and progress another activity’s objective wrote', () => {
    const engine = new SequencingEngine(sequencingOf('OB-06'), { logLevel: 5 });
    expect(engine.begin().delivered).toBe('activity_1');
    engine.prepare(launch, 'activity_1', null, false);
    engine.api.Initialize('');
    const written = { 'score.raw': '75.0033', 'score.min': '500', 'score.max': '800', progress_measure: '1' };
    for (const [field, value] of Object.entries(written))
      engine.api.SetValue(objectiveElement(engine, 'PRIMARYOBJ', field), value);
    engine.api.SetValue('adl.nav.request', 'continue');
    engine.api.Terminate('');
    expect(engine.takeOutcome().delivered).toBe('activity_3');
    engine.prepare(launch, 'activity_3', null, false);
    engine.api.Initialize('');
    for (const [field, value] of Object.entries(written))
      expect(engine.api.GetValue(objectiveElement(engine, 'obj', field)), field).toBe(value);
  });

  it('CM-11: a course opened again in review shows its SCO the objectives it recorded', () => {
    const engine = new SequencingEngine(sequencingOf('CM-11'), { logLevel: 5 });
    expect(engine.begin().delivered).toBe('activity_1');
    engine.prepare(launch, 'activity_1', null, false);
    engine.api.Initialize('');
    engine.api.SetValue(objectiveElement(engine, 'obj1', 'success_status'), 'failed');
    engine.api.SetValue(objectiveElement(engine, 'obj1', 'score.scaled'), '0.49');
    engine.api.SetValue('cmi.exit', 'normal');
    const saved = engine.api.renderCommitCMI(true) as Record<string, unknown>;
    engine.api.Terminate('');
    expect(engine.rollup()).toMatchObject({ completion: 'completed', success: 'passed' });

    // A review plays the course from its start, without the finished attempt's engine state.
    const review = new SequencingEngine(sequencingOf('CM-11'), { logLevel: 5 });
    expect(review.begin().delivered).toBe('activity_1');
    review.prepare(testLaunch({ mode: 'review' }), 'activity_1', saved, false);
    review.api.Initialize('');
    expect(review.api.GetValue('cmi.mode')).toBe('review');
    expect(review.api.GetValue(objectiveElement(review, 'obj1', 'success_status'))).toBe('failed');
    expect(review.api.GetValue(objectiveElement(review, 'obj1', 'score.scaled'))).toBe('0.49');
  });

  it('CO-10: the SCO’s cmi.progress_measure is what its primary objective writes, not the value read into it', () => {
    const engine = new SequencingEngine(sequencingOf('CO-10'), { logLevel: 5 });
    const primaryMeasure = () => objectiveElement(engine, 'PRIMARYOBJ', 'progress_measure');
    const run = (activity: string, report: () => void) => {
      engine.prepare(launch, activity, null, false);
      engine.api.Initialize('');
      report();
      engine.api.SetValue('adl.nav.request', 'continue');
      engine.api.SetValue('cmi.exit', 'suspend');
      engine.api.Terminate('');
      return engine.takeOutcome().delivered;
    };
    expect(engine.begin().delivered).toBe('activity_1');
    expect(run('activity_1', () => engine.api.SetValue(primaryMeasure(), '0.2'))).toBe('activity_2');
    // activity_2's primary objective entry starts with 0.2, read from the global objective activity_1 wrote.
    expect(run('activity_2', () => engine.api.SetValue('cmi.progress_measure', '0.39'))).toBe('activity_3');
    engine.prepare(launch, 'activity_3', null, false);
    engine.api.Initialize('');
    expect(engine.api.GetValue(primaryMeasure())).toBe('0.39');
  });
});
