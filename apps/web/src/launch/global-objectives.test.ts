import fs from 'node:fs';
import path from 'node:path';
import { courseRoutes } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { SequencingEngine } from './sequencing';

type LaunchSequencing = courseRoutes.LaunchSequencing;
type GlobalObjectiveState = courseRoutes.GlobalObjectiveState;

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CTS = path.resolve(ROOT, '../shared/conformance/scorm2004-cts/Courses');
// The tree the server reads from the manifest at upload (imported by path: the web project's type check does not
// cover the server's sources).
const PARSER = path.join(ROOT, 'apps/server/src/scorm/sequencing/activity-tree.ts');
const { parseSequencing } = (await import(/* @vite-ignore */ PARSER)) as {
  parseSequencing(xml: string): { activityTree: Record<string, unknown>; launches: LaunchSequencing['launches'] };
};

/** ADL's OB-09b: activities 1 and 2 are skipped when the global objectives gObj-OB09-obj1 and -obj2 are satisfied. */
const IDS = ['gObj-OB09-obj1', 'gObj-OB09-obj2'];

function engineOf(
  globalObjectives: LaunchSequencing['global_objectives'],
  state: Record<string, unknown> | null = null,
): SequencingEngine {
  const xml = fs.readFileSync(path.join(CTS, 'LMSTestPackage_OB-09b', 'imsmanifest.xml'), 'utf8');
  const { activityTree, launches } = parseSequencing(xml);
  return new SequencingEngine({ activityTree, launches, state, global_objectives: globalObjectives }, { logLevel: 5 });
}

const satisfied: GlobalObjectiveState = { satisfiedStatus: true, satisfiedStatusKnown: true };
const learnerWide = (states: Record<string, GlobalObjectiveState>) => ({ ids: IDS, states });

describe('global objectives global to the system in the launch page', () => {
  it('starts the session on the learner’s global objectives, as an earlier course left them', () => {
    expect(engineOf(learnerWide({})).begin().delivered).toBe('activity_1');
    const engine = engineOf(learnerWide({ 'gObj-OB09-obj1': satisfied, 'gObj-OB09-obj2': satisfied }));
    expect(engine.begin().delivered).toBe('activity_3');
  });

  it('lets the learner’s global objectives win over the copy saved with the attempt', () => {
    const first = engineOf(learnerWide({}));
    first.begin();
    const saved = first.snapshot();
    const resumed = engineOf(learnerWide({ 'gObj-OB09-obj1': satisfied }), saved);
    resumed.begin();
    expect(resumed.globalObjectives()?.['gObj-OB09-obj1']).toMatchObject(satisfied);
  });

  it('commits the tracking state of the ids the tree maps, without the course’s read and write flags', () => {
    const engine = engineOf(learnerWide({ 'gObj-OB09-obj1': satisfied }));
    expect(engine.begin().delivered).toBe('activity_2');
    const committed = engine.globalObjectives()!;
    expect(Object.keys(committed).sort()).toEqual(IDS);
    expect(committed['gObj-OB09-obj1']).toMatchObject(satisfied);
    expect(committed['gObj-OB09-obj2']).toMatchObject({ satisfiedStatusKnown: false });
    for (const state of Object.values(committed)) {
      expect(courseRoutes.globalObjectiveState.safeParse(state).success).toBe(true);
      expect(state).not.toHaveProperty('readSatisfiedStatus');
    }
  });

  it('commits none when the course’s global objectives belong to the attempt', () => {
    const engine = engineOf(null);
    expect(engine.begin().delivered).toBe('activity_1');
    expect(engine.globalObjectives()).toBeUndefined();
  });
});
