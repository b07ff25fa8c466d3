const corrected = new WeakSet<object>();

interface LimitedActivity {
  isActive: boolean;
  isSuspended: boolean;
  sequencingControls?: { tracked?: boolean };
}

/** An activity whose limit conditions SN UP.1 does not check (steps 1 and 2): untracked, active or suspended. */
const exempt = (activity: LimitedActivity) =>
  activity.sequencingControls?.tracked === false || activity.isActive || activity.isSuspended;

/**
 * The Limit Conditions Check Process (SCORM 2004 4th Ed. SN UP.1) finds no limit violated for an activity that is not
 * tracked, nor for one that is active or suspended: its attempt is the one the limit allows. scorm-again 3.4 exempts
 * only a suspended activity, so a cluster with `attemptLimit` 1 has "exceeded" its limit during its first attempt, and
 * the Delivery Request Process (DB.1.1), which checks every activity from the root to the one to deliver, refuses
 * every later child of that attempt: ADL T-01a and T-01b deliver nothing after the pretest's first question. Both of
 * the engine's UP.1 implementations are corrected: the rule engine's (`true` when violated, used by the Check
 * Activity Process UP.5 of the traversals) and the delivery validator's (`true` when the limits are met).
 */
export function checkLimitsOfEndedAttemptsOnly(ruleEnginePrototype: object, deliveryValidatorPrototype: object): void {
  if (!corrected.has(ruleEnginePrototype)) {
    corrected.add(ruleEnginePrototype);
    const engine = ruleEnginePrototype as { checkLimitConditions(activity: LimitedActivity): boolean };
    const violated = engine.checkLimitConditions;
    engine.checkLimitConditions = function (this: unknown, activity: LimitedActivity) {
      return !exempt(activity) && violated.call(this, activity);
    };
  }
  if (!corrected.has(deliveryValidatorPrototype)) {
    corrected.add(deliveryValidatorPrototype);
    const validator = deliveryValidatorPrototype as { checkLimitConditions(activity: LimitedActivity): boolean };
    const met = validator.checkLimitConditions;
    validator.checkLimitConditions = function (this: unknown, activity: LimitedActivity) {
      return exempt(activity) || met.call(this, activity);
    };
  }
}
