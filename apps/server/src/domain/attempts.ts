import type { courseRoutes } from '@portal/shared';
import { statusOf, type ResultStatus } from './course-lists.js';
import type { Cmi, ScormSummary } from './scorm-status.js';

type SequencingRollup = courseRoutes.SequencingRollup;

/** Per-SCO saved state of an attempt, as kept in course_results.cmi_json. */
export interface AttemptState {
  scos: Record<string, { cmi: Cmi; done: boolean }>;
  /** A sequenced course's root activity as rolled up at the last commit: the course's status comes from it. */
  root?: SequencingRollup;
}

/** A sequenced course is done when its root is satisfied, or completed and not failed (as a SCO, `isScoDone`). */
export function rollupDone(root: SequencingRollup): boolean {
  return root.success === 'passed' || (root.completion === 'completed' && root.success !== 'failed');
}

/** The result columns a sequenced course takes from its root: status, and the measure as a score of 100. */
export function rollupSummary(
  root: SequencingRollup,
): Pick<ScormSummary, 'completion_status' | 'success_status' | 'score_raw'> {
  return {
    completion_status: root.completion,
    success_status: root.success,
    score_raw: root.scaled === null ? null : Math.round(root.scaled * 10000) / 100,
  };
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

/** The attempt's rolled-up root is done (a sequenced course), or every SCO of the course is done. */
export function attemptDone(state: AttemptState, scoIds: string[]): boolean {
  if (state.root) return rollupDone(state.root);
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
