/** The part of scorm-again's SCORM 1.2 API the LMS-side rules touch. */
export interface Scorm12Model {
  cmi: { core: { lesson_status: string } };
  on(event: string, callback: (...args: unknown[]) => void): void;
}

/**
 * SCORM 1.2 RTE 3.4.4 (cmi.core.lesson_status, additional behaviour): a SCO need not set a status; when it
 * finishes (LMSFinish, or the learner navigates away) without having set one, the LMS sets it to "completed".
 * A SCO may never set "not attempted" itself, so a status still "not attempted" at LMSFinish is one the SCO
 * never set. scorm-again 3.x does not apply the rule (its own check treats the initial "not attempted" as set
 * by the SCO), which left content with only the minimum calls (LMSInitialize, LMSFinish) incomplete forever.
 * `onApplied` is told when the rule changed the status, to log it beside the content's own calls.
 */
export function completeUnsetStatusOnFinish(api: Scorm12Model, onApplied?: () => void): void {
  api.on('BeforeTerminate', () => {
    if (api.cmi.core.lesson_status === 'not attempted' || api.cmi.core.lesson_status === '') {
      api.cmi.core.lesson_status = 'completed';
      onApplied?.();
    }
  });
}
