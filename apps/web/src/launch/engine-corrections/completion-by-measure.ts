const corrected = new WeakSet<object>();

type SetPrimaryObjectiveState = (
  satisfied: boolean,
  measureStatus: boolean,
  normalizedMeasure: number,
  progressMeasure: number,
  progressMeasureStatus: boolean,
  completionStatus: string,
  objectiveProgressStatus?: boolean,
) => void;

interface MeasuredActivity {
  isActive: boolean;
  completedByMeasure: boolean;
  minProgressMeasure: number;
  completionStatus: string;
  attemptCompletionAmount: number;
  attemptCompletionAmountStatus: boolean;
  setPrimaryObjectiveState: SetPrimaryObjectiveState;
  // The attempt's completion, set without the setter that copies it into the primary objective.
  _completionStatus: string;
  _isCompleted: boolean;
}

/**
 * An activity completed by measure (`adlcp:completionThreshold completedByMeasure="true"`) has completed its attempt
 * when its attempt completion amount, the progress measure of its primary objective, reaches `minProgressMeasure`,
 * and not below it (SCORM 2004 4th Ed. SN 3.14, RB.1.3.a; ADL's reference sequencer evaluates the "completed" rule
 * condition this way). scorm-again 3.4 derives that only from `cmi.progress_measure`: a measure read through an
 * objective map (`readProgressMeasure`), or reported in the primary objective's `cmi.objectives` entry, reaches the
 * activity with the objective's completion status unchanged, so a "completed" precondition does not skip the
 * activity (ADL CO-02a). The attempt's completion is derived from every known progress measure its primary
 * objective is given. While the activity is active the measure is its attempt's own, so the primary objective's
 * completion status (what its maps write) is derived too; an inactive activity only reads the mapped objective,
 * whose completion status stays as read.
 */
export function completeByProgressMeasure(activityPrototype: object): void {
  if (corrected.has(activityPrototype)) return;
  corrected.add(activityPrototype);
  const target = activityPrototype as MeasuredActivity;
  const setPrimaryObjectiveState = target.setPrimaryObjectiveState;
  target.setPrimaryObjectiveState = function (this: MeasuredActivity, ...state: Parameters<SetPrimaryObjectiveState>) {
    setPrimaryObjectiveState.apply(this, state);
    const [, , , progressMeasure, progressMeasureStatus] = state;
    if (!this.completedByMeasure || !progressMeasureStatus) return;
    this.attemptCompletionAmount = progressMeasure;
    this.attemptCompletionAmountStatus = true;
    const completion = progressMeasure >= this.minProgressMeasure ? 'completed' : 'incomplete';
    if (this.isActive) {
      this.completionStatus = completion;
    } else {
      this._completionStatus = completion;
      this._isCompleted = completion === 'completed';
    }
  };
}
