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
}

/**
 * An activity completed by measure (`adlcp:completionThreshold completedByMeasure="true"`) is completed by its
 * attempt completion amount "in place of any other method" (SCORM 2004 4th Ed. CAM): completed when the amount
 * reaches `minProgressMeasure`, incomplete below it, unknown while the amount is (SN RB.1.3.a; ADL's reference
 * sequencer evaluates the "completed" and "activityProgressKnown" rule conditions this way). scorm-again 3.4 derives
 * that only when the SCO reports `cmi.progress_measure`: a measure read through an objective map or reported in the
 * primary objective's `cmi.objectives` entry leaves the completion status as the map or the SCO gave it, and the
 * end of an attempt marks the activity completed when its SCO reported no measure at all (ADL CO-02a, CO-04b,
 * CO-04c). Here such an activity's completion status is always the one its amount gives, the amount is the progress
 * measure its primary objective holds, and while the activity is active (the measure is its own attempt's) that
 * completion status is also its primary objective's, which the objective's maps write.
 */
export function completeByProgressMeasure(activityPrototype: object): void {
  if (corrected.has(activityPrototype)) return;
  corrected.add(activityPrototype);
  const completion = Object.getOwnPropertyDescriptor(activityPrototype, 'completionStatus')!;
  const completed = Object.getOwnPropertyDescriptor(activityPrototype, 'isCompleted')!;
  const byMeasure = (activity: MeasuredActivity): string => {
    if (!activity.attemptCompletionAmountStatus) return 'unknown';
    return activity.attemptCompletionAmount >= activity.minProgressMeasure ? 'completed' : 'incomplete';
  };
  Object.defineProperty(activityPrototype, 'completionStatus', {
    ...completion,
    get(this: MeasuredActivity) {
      return this.completedByMeasure ? byMeasure(this) : (completion.get!.call(this) as string);
    },
  });
  Object.defineProperty(activityPrototype, 'isCompleted', {
    ...completed,
    get(this: MeasuredActivity) {
      return this.completedByMeasure ? byMeasure(this) === 'completed' : (completed.get!.call(this) as boolean);
    },
  });
  const target = activityPrototype as MeasuredActivity;
  const setPrimaryObjectiveState = target.setPrimaryObjectiveState;
  target.setPrimaryObjectiveState = function (this: MeasuredActivity, ...state: Parameters<SetPrimaryObjectiveState>) {
    setPrimaryObjectiveState.apply(this, state);
    const [, , , progressMeasure, progressMeasureStatus] = state;
    if (!this.completedByMeasure || !progressMeasureStatus) return;
    this.attemptCompletionAmount = progressMeasure;
    this.attemptCompletionAmountStatus = true;
    // The setter hands the activity's completion status to its primary objective.
    if (this.isActive) this.completionStatus = byMeasure(this);
  };
}
