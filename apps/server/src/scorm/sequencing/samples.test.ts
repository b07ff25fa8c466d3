import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importPackage } from '../import.js';
import { SAMPLES_DIR } from '../test-zips.js';
import type { ActivitySettings } from './types.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sequencing-samples-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const zips = (folder: string) =>
  fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.zip'))
    .map((name) => path.join(folder, name));
const SAMPLES = [...zips(SAMPLES_DIR), ...zips(path.join(SAMPLES_DIR, 'external'))];

const imported = (file: string) =>
  importPackage(file, { coursesDir: dir, folder: path.basename(file, '.zip').slice(0, 90), replace: true });

const find = (activity: ActivitySettings, id: string): ActivitySettings | undefined =>
  activity.id === id ? activity : activity.children?.map((child) => find(child, id)).find(Boolean);

describe('the activity trees of the real sample packages', () => {
  it.each(SAMPLES.map((file) => [path.relative(SAMPLES_DIR, file), file]))(
    '%s: a tree for SCORM 2004 that launches every SCO the manifest lists, none for SCORM 1.2',
    async (_name, file) => {
      const { manifest, sequencing } = await imported(file);
      if (manifest.version === '1.2') {
        expect(sequencing).toBeNull();
        return;
      }
      expect(sequencing?.activityTree.children?.length).toBeGreaterThan(0);
      for (const sco of manifest.scos) expect(sequencing!.launches[sco.id]?.href).toBe(sco.href);
    },
  );

  it('flow-only remediation: the hidden wrapper, the tests launched with their own parameters', async () => {
    const { sequencing } = await imported(
      path.join(SAMPLES_DIR, 'external', 'golf-seq-simple-remediation-scorm2004-3rd.zip'),
    );
    const hidden = sequencing!.activityTree.children!.filter((activity) => !activity.isVisible);
    expect(hidden).toHaveLength(1);
    expect(hidden[0]!.sequencingControls).toMatchObject({ choice: false, choiceExit: false, flow: true });
    const tests = Object.entries(sequencing!.launches).filter(([, launch]) => launch.href.includes('assessment'));
    expect(tests.map(([, launch]) => launch.href)).toEqual(
      [1, 2, 3, 4].map((n) => `shared/launchpage.html?content=assessment${n}`),
    );
  });

  it('4th Edition features: shared data maps, progress weights, completion read from global objectives', async () => {
    const { sequencing } = await imported(
      path.join(SAMPLES_DIR, 'external', 'golf-seq-posttest-rollup-4thed-scorm2004-4th-localjq.zip'),
    );
    expect(sequencing).toMatchObject({ objectivesGlobalToSystem: false, sharedDataGlobalToSystem: false });
    const playing = find(sequencing!.activityTree, 'playing_item')!;
    expect(playing.sharedDataMaps).toEqual([
      {
        targetID: 'com.scorm.golfsamples.sequencing.forcedsequential.notesStorage',
        readSharedData: true,
        writeSharedData: true,
      },
    ]);
    expect(playing.completionThreshold).toEqual({
      completedByMeasure: false,
      minProgressMeasure: 1,
      progressWeight: 0.5,
    });
    const etiquette = find(sequencing!.activityTree, 'etuqiette_item')!;
    expect(etiquette.objectives[0]).toMatchObject({
      objectiveID: 'previous_sco_completed',
      mapInfo: [
        {
          targetObjectiveID: 'com.scorm.golfsamples.sequencing.forcedsequential.playing_completed',
          readCompletionStatus: true,
          writeCompletionStatus: false,
          readSatisfiedStatus: false,
        },
      ],
    });
  });
});
