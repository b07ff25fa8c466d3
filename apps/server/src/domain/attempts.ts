import { statusOf, type ResultStatus } from './course-lists.js';
import type { Cmi } from './scorm-status.js';

/** Per-SCO saved state of an attempt, as kept in course_results.cmi_json. */
export interface AttemptState {
  scos: Record<string, { cmi: Cmi; done: boolean }>;
}

/** What the attempt rules read of a saved result. */
export interface SavedAttempt extends ResultStatus {
  attempt: number;
  state_seq: number;
  cmi_json: string | null;
}

export function readAttemptState(row: Pick<SavedAttempt, 'cmi_json'> | undefined): AttemptState {
  if (!row?.cmi_json) return { scos: {} };
  try {
    const parsed = JSON.parse(row.cmi_json) as AttemptState;
    return parsed && typeof parsed === 'object' && parsed.scos && typeof parsed.scos === 'object'
      ? parsed
      : { scos: {} };
  } catch {
    return { scos: {} };
  }
}

/** Every SCO of the course is done in this attempt's state. */
export function attemptDone(state: AttemptState, scoIds: string[]): boolean {
  return scoIds.length > 0 && scoIds.every((id) => state.scos[id]?.done === true);
}

/** The saved attempt is over: every SCO done, or a completion recorded without run-time data (manual, imported). */
export function attemptFinished(row: SavedAttempt, state: AttemptState, scoIds: string[]): boolean {
  return attemptDone(state, scoIds) || (row.complete === 1 && row.cmi_json === null);
}

/**
 * Where the player continues: the saved attempt, or a fresh one when the saved attempt is finished and
 * the completion is due for renewal (expires soon or expired).
 */
export function currentAttempt(
  row: SavedAttempt | undefined,
  scoIds: string[],
  expiration: number,
  now: Date,
): { attempt: number; seq: number; state: AttemptState; fresh: boolean } {
  if (!row) return { attempt: 1, seq: 0, state: { scos: {} }, fresh: true };
  const state = readAttemptState(row);
  const status = statusOf(row, expiration, now).status;
  const finished = attemptFinished(row, state, scoIds);
  if (finished && (status === 'expired' || status === 'expires-soon')) {
    return { attempt: row.attempt + 1, seq: 0, state: { scos: {} }, fresh: true };
  }
  return { attempt: row.attempt, seq: row.state_seq, state, fresh: false };
}
