interface NavigationResult {
  valid: boolean;
  terminationRequest: string | null;
}

/** scorm-again's navigation validity service: its Navigation Request Process (NB.2.1), one method per request. */
interface NavigationService {
  activityTree: { currentActivity: { isActive: boolean } | null };
  validateJumpRequest(targetId: string | null): NavigationResult;
}

const corrected = new WeakSet<object>();

/**
 * A jump navigation request ends the current attempt first: the Navigation Request Process (SN NB.2.1) answers it
 * with an Exit termination request besides the Jump sequencing request, as it does a choice. scorm-again 3.4 gives it
 * no termination request, so the current activity's attempt is never ended: what its SCO reported (its score,
 * completion) never reaches the activity (ADL T-01b's pretest), and a jump to the current activity finds it still
 * active, starts no new attempt and delivers nothing (ADL CM-03a, activity 7 jumping to itself).
 */
export function endTheAttemptBeforeAJump(navigation: NavigationService): void {
  const prototype = Object.getPrototypeOf(navigation) as NavigationService;
  if (corrected.has(prototype)) return;
  corrected.add(prototype);
  const validate = prototype.validateJumpRequest;
  prototype.validateJumpRequest = function (this: NavigationService, targetId) {
    const result = validate.call(this, targetId);
    if (result.valid && this.activityTree.currentActivity?.isActive) result.terminationRequest = 'exit';
    return result;
  };
}
