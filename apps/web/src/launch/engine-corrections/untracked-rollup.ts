interface TrackedActivity {
  sequencingControls: { tracked?: boolean };
}

interface RollupProcess {
  getMeasureProcessor(): object;
  getObjectiveProcessor(): object;
  getProgressProcessor(): object;
}

type RollupStep = (this: unknown, activity: TrackedActivity) => unknown;

const corrected = new WeakSet<object>();

function passOverUntracked(processor: object, steps: Record<string, () => unknown>): void {
  const prototype = Object.getPrototypeOf(processor) as Record<string, RollupStep>;
  if (corrected.has(prototype)) return;
  corrected.add(prototype);
  for (const [name, nothing] of Object.entries(steps)) {
    const step = prototype[name]!;
    Object.defineProperty(prototype, name, {
      configurable: true,
      writable: true,
      value(this: unknown, activity: TrackedActivity): unknown {
        return activity.sequencingControls.tracked === false ? nothing() : step.call(this, activity);
      },
    });
  }
}

/**
 * An activity with `tracked="false"` has no objective or progress information recorded (SN 3.13.1, Delivery
 * Controls), so its status stays unknown for its own sequencing rules, as in ADL's reference implementation.
 * scorm-again 3.4 rolls its children's status up into it all the same, so a part not tracked meets its exit rule
 * "if completed, then exit" once its children are satisfied (ADL RU-10). The steps that record status (measure and
 * completion measure rollup, RB.1.1; objective rollup, RB.1.2; progress rollup, RB.1.3) pass over such an activity;
 * its ancestors still roll up, without it as a child (RB.1.4.2).
 */
export function noRollupIntoUntracked(rollup: RollupProcess): void {
  passOverUntracked(rollup.getMeasureProcessor(), {
    measureRollupProcess: () => [],
    completionMeasureRollupProcess: () => undefined,
  });
  passOverUntracked(rollup.getObjectiveProcessor(), { objectiveRollupProcess: () => undefined });
  passOverUntracked(rollup.getProgressProcessor(), { activityProgressRollupProcess: () => undefined });
}
