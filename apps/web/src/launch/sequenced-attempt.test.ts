// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { courseRoutes } from '@portal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommitChannel } from './commit-channel';
import type { FromLaunchPage, NavigationRequest } from './messages';
import { SequencedAttempt } from './sequenced-attempt';
import { testLaunch } from './test-launch';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CTS = path.resolve(ROOT, '../shared/conformance/scorm2004-cts/Courses');
const PARSER = path.join(ROOT, 'apps/server/src/scorm/sequencing/activity-tree.ts');
const { parseSequencing } = (await import(/* @vite-ignore */ PARSER)) as {
  parseSequencing(xml: string): Omit<courseRoutes.LaunchSequencing, 'state'>;
};

/** A channel that takes every commit at once. */
const channel = {
  detaching: false,
  watch: () => undefined,
  send: () => ({ result: 'true', errorCode: 0 }),
  record: () => undefined,
  settled: () => Promise.resolve(),
} as unknown as CommitChannel;

type Api = { Initialize(p: string): string; SetValue(e: string, v: string): string; Terminate(p: string): string };

/** ADL's CM-09aa course (four activities in flow) in the launch page: the activity each SCO frame loads. */
async function openCourse() {
  const xml = fs.readFileSync(path.join(CTS, 'LMSTestPackage_CM-09aa', 'imsmanifest.xml'), 'utf8');
  const attempt = new SequencedAttempt(
    testLaunch(),
    { ...parseSequencing(xml), state: null },
    channel,
    '/commit',
    (_message: FromLaunchPage) => undefined,
  );
  attempt.begin();
  await vi.waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
  return {
    attempt,
    api: (window as unknown as { API_1484_11: Api }).API_1484_11,
    shown: () => new URL(document.querySelector('iframe')!.src, 'http://x').searchParams.get('act'),
  };
}

/** The SCO frame's removal runs the SCO's unload handler, which terminates it (as many SCOs do). */
function terminateOnUnload(api: Api) {
  const remove = HTMLIFrameElement.prototype.remove;
  vi.spyOn(HTMLIFrameElement.prototype, 'remove').mockImplementation(function (this: HTMLIFrameElement) {
    api.Terminate('');
    remove.call(this);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('a learner navigates while a SCO runs', () => {
  const continueRequest: NavigationRequest = { request: 'continue' };

  it.each([
    ['is terminated by the launch page', false],
    ['terminates itself as it unloads', true],
  ])(
    'the learner’s request takes the place of the SCO’s own when the SCO %s (SN 5.4, ADL CM-09aa)',
    async (_, self) => {
      const { attempt, api, shown } = await openCourse();
      expect(shown()).toBe('1');
      api.Initialize('');
      api.SetValue('adl.nav.request', '{target=activity_3}choice');
      if (self) terminateOnUnload(api);
      attempt.navigate(continueRequest);
      await vi.waitFor(() => expect(shown()).toBe('2'));
    },
  );
});
