const corrected = new WeakSet<object>();

interface NavigationResult {
  valid: boolean;
  terminationRequest: string | null;
}

interface JumpValidator {
  activityTree: { currentActivity: { isActive: boolean } | null };
  validateJumpRequest(targetActivityId: string | null): NavigationResult;
}

/**
 * A valid Jump navigation request ends the current activity's attempt before its target is delivered: the
 * Navigation Request Process returns it with the termination request Exit (SCORM 2004 4th Ed. SN NB.2.1, Jump), and
 * the End Attempt Process (UP.4) of that exit transfers what the SCO reported (its score, completion) to the activity.
 * scorm-again 3.4 returns a Jump with no termination request, so the jumped-from activity ends without its SCO's data:
 * ADL T-01b's pretest loses the scores of the questions left by `{target=…}jump`, its measure is the last question's
 * alone, and the lessons it should lead to are skipped. The Jump gets its Exit, as scorm-again already gives a Choice.
 */
export function jumpExitsTheCurrentActivity(validatorPrototype: object): void {
  if (corrected.has(validatorPrototype)) return;
  corrected.add(validatorPrototype);
  const target = validatorPrototype as JumpValidator;
  const validateJumpRequest = target.validateJumpRequest;
  target.validateJumpRequest = function (this: JumpValidator, targetActivityId: string | null) {
    const result = validateJumpRequest.call(this, targetActivityId);
    if (result.valid && !result.terminationRequest && this.activityTree.currentActivity?.isActive) {
      result.terminationRequest = 'exit';
    }
    return result;
  };
}
