import type { courseRoutes } from '@portal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommitSequence, ScormSession } from './scorm-session';

type Body = { seq: number; sco: string; cmi: { cmi?: { core?: { lesson_status?: string } } }; log: { call: string }[] };

/**
 * A stand-in for `set_course_state` with the server's rule: one sequence per attempt, and a commit whose
 * number is already saved is ignored (`saved: false`). Commits arrive by synchronous XHR (Commit) or by
 * sendBeacon (the finishing commit).
 */
class FakeServer {
  last = 0;
  received: (Body & { saved: boolean })[] = [];

  take(body: Body): boolean {
    const saved = body.seq > this.last;
    if (saved) this.last = body.seq;
    this.received.push({ ...body, saved });
    return saved;
  }
}

let server: FakeServer;
let beacons: Promise<unknown>[];

beforeEach(() => {
  vi.useFakeTimers();
  server = new FakeServer();
  beacons = [];
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      status = 0;
      responseText = '';
      open() {}
      setRequestHeader() {}
      send(body: string) {
        const parsed = JSON.parse(body) as Body;
        const saved = server.take(parsed);
        this.status = 200;
        this.responseText = JSON.stringify({
          result: { saved, attempt: 1, seq: server.last, complete: false, finish_time: null },
        });
      }
    },
  );
  vi.stubGlobal('navigator', {
    sendBeacon: (_url: string, blob: Blob) => {
      beacons.push(blob.text().then((text) => server.take(JSON.parse(text) as Body)));
      return true;
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const state: courseRoutes.CourseState = {
  course: {
    id: 7,
    alias: 'golf',
    language: 'lv',
    name: 'Golf',
    scorm_version: '1.2',
    url: null,
    external_url: null,
  },
  attempt: 1,
  seq: 0,
  scos: [
    { id: 'one', title: 'One', url: '/course-content/golf/one.html', cmi: null, done: false },
    { id: 'two', title: 'Two', url: '/course-content/golf/two.html', cmi: null, done: false },
  ],
  complete: false,
  finish_time: null,
  course_status: 'incomplete',
  course_expiration: null,
};

interface Api12 {
  LMSInitialize(p: string): string;
  LMSCommit(p: string): string;
  LMSFinish(p: string): string;
}

/** Launches one part as the player does and runs it like the golf minimum-calls SCOs (plus one commit). */
async function runPart(index: number, sequence: CommitSequence): Promise<ScormSession> {
  const session = new ScormSession(state, state.scos[index]!, { id: 1, name: 'Bērziņa, Anna' }, () => {}, sequence);
  await session.start();
  const api = (globalThis as unknown as { API: Api12 }).API;
  expect(api.LMSInitialize('')).toBe('true');
  expect(api.LMSCommit('')).toBe('true');
  expect(api.LMSFinish('')).toBe('true');
  await Promise.all(beacons);
  session.dispose();
  return session;
}

describe('ScormSession', () => {
  it('numbers the commits of every part of a multi-SCO course in one sequence, so none is dropped as stale', async () => {
    const sequence = new CommitSequence();
    await runPart(0, sequence);
    await runPart(1, sequence);
    expect(server.received.map((c) => [c.sco, c.seq, c.saved])).toEqual([
      ['one', 1, true],
      ['one', 2, true],
      ['two', 3, true],
      ['two', 4, true],
    ]);
  });

  it('(the bug it fixes) a part counting on from the sequence loaded at opening has its commit dropped', async () => {
    await runPart(0, new CommitSequence());
    await runPart(1, new CommitSequence());
    expect(server.received.find((c) => c.sco === 'two')).toMatchObject({ seq: 1, saved: false });
  });

  it('completes a SCORM 1.2 part that finishes without a status, and logs that the player set it', async () => {
    await runPart(0, new CommitSequence());
    const [commit, finish] = server.received;
    expect(commit!.cmi.cmi?.core?.lesson_status).toBe('not attempted');
    expect(finish!.cmi.cmi?.core?.lesson_status).toBe('completed');
    // Calls are logged as they return, so a commit carries the calls made before it.
    expect(finish!.log).toContainEqual(
      expect.objectContaining({ call: 'LMS', element: 'cmi.core.lesson_status', value: 'completed' }),
    );
  });
});
