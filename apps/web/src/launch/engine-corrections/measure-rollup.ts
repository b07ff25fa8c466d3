/** What the measure rollup reads and writes of scorm-again's activities. */
interface RollupActivity {
  isActive: boolean;
  children: RollupActivity[];
  sequencingControls: { tracked: boolean; flow: boolean; objectiveMeasureWeight: number };
  rollupConsiderations: { measureSatisfactionIfActive: boolean };
  objectiveInfoAvailableInCurrentParentAttempt?: boolean;
  objectiveMeasureStatus: boolean;
  objectiveNormalizedMeasure: number;
  objectiveSatisfiedStatus: boolean;
  objectiveSatisfiedStatusKnown: boolean;
  successStatus: string;
  scaledPassingScore: number;
  primaryObjective: { satisfiedByMeasure: boolean; minNormalizedMeasure: number | null } | null;
  getAvailableChildren(): RollupActivity[];
}

interface MeasureProcessor {
  measureRollupProcess(activity: RollupActivity): RollupActivity[];
  identifyActivityClusters(children: RollupActivity[]): RollupActivity[];
}

interface ObjectiveProcessor {
  objectiveRollupProcess(activity: RollupActivity): void;
  syncPrimaryObjectiveFromActivity(activity: RollupActivity): void;
}

const corrected = new WeakSet<object>();

/**
 * Measure Rollup Process (SCORM 2004 SN RB.1.1): a cluster's measure is the weighted mean over all its tracked
 * children, each counted with its Rollup Objective Measure Weight, a child without a measure adding nothing to the
 * sum; the measure is known once one child's is. scorm-again 3.4 averages over the measured children only and scales
 * each weight by the child's completion, attempt count and limits, so a cluster of one measured child out of three
 * has that child's measure (ADL MS-05b, RU-14c, RU-15d; MS-05a and MS-06 leave their cluster after its first child,
 * T-01b its module after the post-test's first question).
 * The processor's clusters are still returned for the engine's own re-rollup of child clusters.
 */
function measureRollupProcess(this: MeasureProcessor, activity: RollupActivity): RollupActivity[] {
  const children = activity.getAvailableChildren();
  if (children.length === 0) return [];
  let total = 0;
  let counted = 0;
  const measured: RollupActivity[] = [];
  for (const child of children.filter((c) => c.sequencingControls.tracked)) {
    const weight = child.sequencingControls.objectiveMeasureWeight;
    counted += weight;
    if (child.objectiveMeasureStatus && child.objectiveInfoAvailableInCurrentParentAttempt !== false) {
      total += child.objectiveNormalizedMeasure * weight;
      measured.push(child);
    }
  }
  if (measured.length > 0 && counted > 0) {
    activity.objectiveNormalizedMeasure = total / counted;
    activity.objectiveMeasureStatus = true;
  } else {
    activity.objectiveMeasureStatus = false;
  }
  return this.identifyActivityClusters(measured);
}

/**
 * Objective Rollup Using Measure (SN RB.1.2.a): an activity whose primary objective is satisfied by measure takes its
 * status from its measure alone, unknown while the measure is unknown or while the activity is active and
 * `measureSatisfactionIfActive` is false; rollup rules do not apply to it (as in ADL's reference sequencer).
 * scorm-again 3.4 tries the rules first, falls back to the default rules when the measure is unknown, and never checks
 * the activity's own activeness (ADL MS-06 exits its active cluster by a measure it must not use yet).
 */
function objectiveRollupUsingMeasure(activity: RollupActivity): void {
  const objective = activity.primaryObjective!;
  const usable =
    activity.objectiveMeasureStatus &&
    (!activity.isActive || activity.rollupConsiderations.measureSatisfactionIfActive);
  if (usable) {
    activity.objectiveSatisfiedStatus =
      activity.objectiveNormalizedMeasure >= (objective.minNormalizedMeasure ?? activity.scaledPassingScore);
  } else {
    activity.objectiveSatisfiedStatusKnown = false;
    activity.successStatus = 'unknown';
  }
}

/** Corrects the rollup processors of one of the engine's rollup processes (their classes are shared by all). */
export function rollUpMeasuresAsTheSnBook(measure: MeasureProcessor, objective: ObjectiveProcessor): void {
  const measurePrototype = Object.getPrototypeOf(measure) as MeasureProcessor;
  const objectivePrototype = Object.getPrototypeOf(objective) as ObjectiveProcessor;
  if (corrected.has(measurePrototype)) return;
  corrected.add(measurePrototype);
  measurePrototype.measureRollupProcess = measureRollupProcess;
  const rollUpObjective = objectivePrototype.objectiveRollupProcess;
  objectivePrototype.objectiveRollupProcess = function (this: ObjectiveProcessor, activity: RollupActivity) {
    if (!activity.primaryObjective?.satisfiedByMeasure) return rollUpObjective.call(this, activity);
    objectiveRollupUsingMeasure(activity);
    this.syncPrimaryObjectiveFromActivity(activity);
  };
}
