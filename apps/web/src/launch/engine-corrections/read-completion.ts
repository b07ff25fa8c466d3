const corrected = new WeakSet<object>();

interface CompletionFlags {
  setPrimaryObjectiveState: (...state: unknown[]) => void;
  _completionStatus: string;
  _isCompleted: boolean;
}

/**
 * An activity's attempt completion status includes what its primary objective reads through an objective map
 * (`readCompletionStatus`, SCORM 2004 4th Ed. SN 3.10.3), and a rollup rule's "completed" condition evaluates it
 * (SN RB.1.4.1). scorm-again 3.4 keeps the status twice, `completionStatus` and the `isCompleted` flag that rollup
 * reads; giving an activity its primary objective's state sets only the status, so a completion read through a map
 * never counts in the parent's rollup ("satisfied if all completed" stays false, ADL CO-03). The flag is made to
 * follow the status there.
 */
export function completeWithReadStatus(activityPrototype: object): void {
  if (corrected.has(activityPrototype)) return;
  corrected.add(activityPrototype);
  const target = activityPrototype as CompletionFlags;
  const setPrimaryObjectiveState = target.setPrimaryObjectiveState;
  target.setPrimaryObjectiveState = function (this: CompletionFlags, ...state: unknown[]) {
    setPrimaryObjectiveState.apply(this, state);
    this._isCompleted = this._completionStatus === 'completed';
  };
}
