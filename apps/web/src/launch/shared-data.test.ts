import { courseRoutes } from '@portal/shared';
import { Scorm2004API } from 'scorm-again';
import { describe, expect, it } from 'vitest';
import {
  checkCollectionIndexes,
  emptySharedStoreIsUnset,
  type ScormDataModelAccess,
  type UninitializedGetCheck,
} from './scorm-rules';
import { seedSharedData, splitSharedData, type SharedDataApi } from './shared-data';
import { testLaunch } from './test-launch';

type CourseLaunch = courseRoutes.CourseLaunch;

function launchWith(shared: courseRoutes.LaunchSharedData): CourseLaunch {
  return testLaunch({ shared_data: shared });
}

/** A SCORM 2004 API whose commits are handed to `onCommit`, as the launch page's commit channel gets them. */
function apiWith(onCommit: (params: Record<string, unknown>) => void) {
  return new Scorm2004API({
    logLevel: 5,
    lmsCommitUrl: '/commit',
    autocommit: false,
    sendFullCommit: true,
    dataCommitFormat: 'json',
    httpService: {
      processHttpRequest: (_url: string, params: unknown) => {
        onCommit(params as Record<string, unknown>);
        return { result: 'true', errorCode: 0 };
      },
      updateSettings: () => undefined,
    },
  } as never);
}

/** The API with the run-time's rules on adl.data (sco-runtime.ts). */
function withRules(api: Scorm2004API) {
  checkCollectionIndexes(api as unknown as ScormDataModelAccess);
  emptySharedStoreIsUnset(api as unknown as UninitializedGetCheck);
  return api;
}

describe('adl.data: shared data seeded into the run-time and taken from its commits', () => {
  const maps = {
    lesson: [
      { targetID: 'notes', readSharedData: true, writeSharedData: true },
      { targetID: 'answers', readSharedData: false, writeSharedData: true },
      { targetID: 'glossary', readSharedData: true, writeSharedData: false },
    ],
  };

  it('shows a SCO the buckets its item maps, with the stores the learner has and the rights the manifest gives', () => {
    const launch = launchWith({ maps, stores: { notes: 'page 3', glossary: 'g' } });
    const api = apiWith(() => undefined);
    seedSharedData(api as unknown as SharedDataApi, launch, 'lesson');
    expect(api.Initialize('')).toBe('true');
    expect(api.GetValue('adl.data._count')).toBe('3');
    expect(api.GetValue('adl.data.0.id')).toBe('notes');
    expect(api.GetValue('adl.data.0.store')).toBe('page 3');
    // a bucket the SCO may only write
    expect(api.GetValue('adl.data.1.store')).toBe('');
    expect(api.GetLastError()).toBe('405');
    expect(api.SetValue('adl.data.2.store', 'x')).toBe('false');
    expect(api.GetLastError()).toBe('404');
    expect(api.GetValue('adl.data.2.store')).toBe('g');
  });

  it('a SCO without maps sees no buckets', () => {
    const api = apiWith(() => undefined);
    seedSharedData(api as unknown as SharedDataApi, launchWith({ maps, stores: { notes: 'n' } }), 'quiz');
    expect(api.Initialize('')).toBe('true');
    expect(api.GetValue('adl.data._count')).toBe('0');
  });

  it('commits the stores the SCO wrote apart from its data model, and the launch keeps them for its next SCO', () => {
    const launch = launchWith({ maps, stores: { glossary: 'g' } });
    const commits: Record<string, unknown>[] = [];
    const api = apiWith((params) => commits.push(params));
    seedSharedData(api as unknown as SharedDataApi, launch, 'lesson');
    api.Initialize('');
    expect(api.SetValue('adl.data.0.store', 'page 4')).toBe('true');
    expect(api.SetValue('adl.data.1.store', 'a=1')).toBe('true');
    expect(api.Commit('')).toBe('true');
    const { cmi, shared } = splitSharedData(launch, commits[0]!);
    expect(shared).toEqual({ notes: 'page 4', answers: 'a=1' });
    expect(Object.keys(cmi)).toEqual(['cmi']);
    expect(launch.shared_data.stores).toEqual({ glossary: 'g', notes: 'page 4', answers: 'a=1' });
  });
});

describe('adl.data: the run-time’s rules', () => {
  const maps = { lesson: [{ targetID: 'notes', readSharedData: true, writeSharedData: true }] };

  it('a SCO cannot add a bucket: SetValue past the last is a general set failure', () => {
    const api = withRules(apiWith(() => undefined));
    seedSharedData(api as unknown as SharedDataApi, launchWith({ maps, stores: {} }), 'lesson');
    api.Initialize('');
    expect(api.SetValue('adl.data.1.store', 'x')).toBe('false');
    expect(api.GetLastError()).toBe('351');
    expect(api.GetValue('adl.data._count')).toBe('1');
    expect(api.GetValue('adl.data.1.store')).toBe('');
    expect(api.GetLastError()).toBe('301');
  });

  it('an emptied store reads as not initialized, and its emptying is committed and forgotten by the launch', () => {
    const launch = launchWith({ maps, stores: { notes: 'n' } });
    const commits: Record<string, unknown>[] = [];
    const api = withRules(apiWith((params) => commits.push(params)));
    seedSharedData(api as unknown as SharedDataApi, launch, 'lesson');
    api.Initialize('');
    expect(api.SetValue('adl.data.0.store', '')).toBe('true');
    expect(api.GetValue('adl.data.0.store')).toBe('');
    expect(api.GetLastError()).toBe('403');
    api.Commit('');
    expect(splitSharedData(launch, commits[0]!).shared).toEqual({ notes: '' });
    expect(launch.shared_data.stores).toEqual({});
  });
});
