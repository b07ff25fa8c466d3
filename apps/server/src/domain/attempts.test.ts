import { describe, expect, it } from 'vitest';
import { attemptDone, attemptFinished, currentAttempt, readAttemptState, type SavedAttempt } from './attempts.js';

const now = new Date('2026-06-15T12:00:00Z');
const saved = (fields: Partial<SavedAttempt>): SavedAttempt => ({
  complete: 0,
  finish_time: null,
  attempt: 2,
  state_seq: 7,
  cmi_json: null,
  ...fields,
});
const state = (done: boolean) => JSON.stringify({ scos: { sco1: { cmi: {}, done } } });

describe('currentAttempt', () => {
  it('starts the first attempt without a saved result, and continues a saved one', () => {
    expect(currentAttempt(undefined, ['sco1'], 12, now)).toEqual({
      attempt: 1,
      seq: 0,
      state: { scos: {} },
      fresh: true,
    });
    const row = saved({ cmi_json: state(false) });
    expect(currentAttempt(row, ['sco1'], 12, now)).toEqual({
      attempt: 2,
      seq: 7,
      state: readAttemptState(row),
      fresh: false,
    });
  });

  it('starts a fresh attempt only when the finished one is due for renewal', () => {
    const finished = (finishTime: string) => saved({ complete: 1, finish_time: finishTime, cmi_json: state(true) });
    expect(currentAttempt(finished('2024-01-10T08:00:00.000Z'), ['sco1'], 12, now)).toMatchObject({
      attempt: 3,
      fresh: true,
    });
    expect(currentAttempt(finished('2026-05-01T08:00:00.000Z'), ['sco1'], 12, now)).toMatchObject({
      attempt: 2,
      fresh: false,
    });
  });
});

describe('attemptFinished', () => {
  it('finishes with every SCO done or a completion without run-time data, not with a restarted empty attempt', () => {
    const finished = (row: SavedAttempt) => attemptFinished(row, readAttemptState(row), ['sco1']);
    expect(finished(saved({ complete: 0, cmi_json: state(true) }))).toBe(true);
    expect(finished(saved({ complete: 1, cmi_json: null }))).toBe(true);
    expect(finished(saved({ complete: 1, cmi_json: JSON.stringify({ scos: {} }) }))).toBe(false);
    expect(finished(saved({ complete: 1, cmi_json: state(false) }))).toBe(false);
  });
});

describe('readAttemptState', () => {
  it('reads saved state, and nothing from text that is not such state', () => {
    expect(attemptDone(readAttemptState(saved({ cmi_json: state(true) })), ['sco1'])).toBe(true);
    expect(readAttemptState(saved({ cmi_json: '{"scos":' }))).toEqual({ scos: {} });
    expect(readAttemptState(saved({ cmi_json: '[1]' }))).toEqual({ scos: {} });
    expect(attemptDone({ scos: {} }, [])).toBe(false);
  });
});
