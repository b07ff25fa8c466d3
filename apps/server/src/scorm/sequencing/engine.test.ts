import fs from 'node:fs';
import path from 'node:path';
import { Scorm2004API } from 'scorm-again';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.js';
import { parseSequencing } from './activity-tree.js';
import type { ActivitySettings } from './types.js';

const CTS = path.resolve(repoRoot, '../shared/conformance/scorm2004-cts/Courses');
const FAMILIES = ['CT', 'SX', 'RU', 'OB', 'CO', 'CM', 'MS', 'T'];
const packages = fs
  .readdirSync(CTS)
  .map((name) => name.replace(/^LMSTestPackage_/, ''))
  .filter((id) => FAMILIES.includes(id.split('-')[0]!));
const tree = (id: string) =>
  parseSequencing(fs.readFileSync(path.join(CTS, `LMSTestPackage_${id}`, 'imsmanifest.xml'), 'utf8'))!.activityTree;

/** scorm-again's sequencing engine given a stored activity tree, as the player gives it. */
function engine(activityTree: ActivitySettings) {
  const api = new Scorm2004API({ logLevel: 5, sequencing: { activityTree } as never });
  const sequencing = api.getSequencingService()!;
  return {
    root: sequencing.getSequencingState().rootActivity!,
    start: () => api.processNavigationRequest('start') && sequencing.getSequencingState().currentActivity?.id,
  };
}

type EngineActivity = ReturnType<typeof engine>['root'];

describe('the stored activity trees in scorm-again’s sequencing engine', () => {
  it('builds every tree of the CT, SX, RU, OB, CO, CM, MS and T packages with the manifest’s own settings', () => {
    for (const id of packages) {
      const expected = tree(id);
      const compare = (ours: ActivitySettings, theirs: EngineActivity) => {
        expect(theirs.id, id).toBe(ours.id);
        const controls = theirs.sequencingControls;
        expect({ choice: controls.choice, flow: controls.flow, tracked: controls.tracked }, `${id} ${ours.id}`).toEqual(
          {
            choice: ours.sequencingControls.choice,
            flow: ours.sequencingControls.flow,
            tracked: ours.deliveryControls.tracked,
          },
        );
        expect(theirs.sequencingRules.preConditionRules.length).toBe(ours.sequencingRules.preConditionRules.length);
        expect(theirs.rollupRules.rules.length).toBe(ours.rollupRules.rules.length);
        expect(theirs.children.map((child) => child.id)).toEqual((ours.children ?? []).map((child) => child.id));
        theirs.children.forEach((child, i) => compare(ours.children![i]!, child));
      };
      compare(expected, engine(expected).root);
    }
  });

  it('keeps the SCORM defaults where the engine’s own differ: no flow unless the manifest asks, maps read only what they say', () => {
    // CM-16 states no control mode: choice only, so a start request delivers nothing.
    expect(engine(tree('CM-16')).start()).toBeFalsy();
    const activity1 = engine(tree('CO-07a')).root.children[0]!;
    expect(activity1.primaryObjective?.mapInfo[0]).toMatchObject({
      targetObjectiveID: 'gObj-CO07-obj1',
      readCompletionStatus: true,
      readSatisfiedStatus: false,
      readNormalizedMeasure: false,
    });
  });

  it.each([
    ['OB-07b', 'activity_1'],
    ['RU-14a', 'activity_2'],
    ['SX-05', 'activity_1'],
  ])('%s starts, by flow, at the activity the test case delivers first (%s)', (id, first) => {
    expect(engine(tree(id)).start()).toBe(first);
  });
});
