interface EndingActivity {
  children: unknown[];
  completedByMeasure: boolean;
  completionStatus: string;
  sequencingControls: { completionSetByContent: boolean };
}

interface TerminationHandler {
  getCMIData?: (() => { completion_status?: string; completion_status_was_set?: boolean } | null) | null;
  endAttempt(activity: EndingActivity): void;
}

const corrected = new WeakSet<object>();

/** Holds `activity`'s completion at unknown while `run` runs: a write of incomplete over unknown is dropped. */
function holdingUnknownCompletion(activity: EndingActivity, run: () => void): void {
  const accessor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(activity), 'completionStatus')!;
  activity.completionStatus = 'unknown';
  Object.defineProperty(activity, 'completionStatus', {
    configurable: true,
    get(this: EndingActivity) {
      return accessor.get!.call(this) as string;
    },
    set(this: EndingActivity, status: string) {
      if (status !== 'incomplete' || accessor.get!.call(this) !== 'unknown') accessor.set!.call(this, status);
    },
  });
  try {
    run();
  } finally {
    delete (activity as Partial<EndingActivity>).completionStatus;
  }
}

/**
 * A SCO that sets `cmi.completion_status` to `unknown` leaves its attempt of unknown progress (RTE to SN: Attempt
 * Progress Status false) and has informed the sequencer of it, so the End Attempt Process does not complete it
 * (SN UP.4 step 1.1.1.1.1, "did the content inform the sequencer of the activity's completion status?"), as
 * scorm-again 3.4 already has it for a success status set to `unknown`. scorm-again completes it when
 * `completionSetByContent` is false, and otherwise makes it incomplete at the end of the attempt; either way the
 * activity's progress is known, so a rule "if activity progress known" applies to it (ADL CM-06: its post-condition
 * retries it) or to its part (ADL RU-19b: the part exits and is retried). While such an attempt ends, the activity's
 * completion counts as set by its content and stays unknown.
 */
export function keepReportedUnknownCompletion(terminationHandlerPrototype: object): void {
  if (corrected.has(terminationHandlerPrototype)) return;
  corrected.add(terminationHandlerPrototype);
  const endAttempt = (terminationHandlerPrototype as TerminationHandler).endAttempt;
  Object.defineProperty(terminationHandlerPrototype, 'endAttempt', {
    configurable: true,
    writable: true,
    value(this: TerminationHandler, activity: EndingActivity): void {
      const cmi = activity.children.length === 0 && !activity.completedByMeasure ? this.getCMIData?.() : null;
      if (!cmi?.completion_status_was_set || cmi.completion_status !== 'unknown')
        return endAttempt.call(this, activity);
      const controls = activity.sequencingControls;
      const setByContent = controls.completionSetByContent;
      controls.completionSetByContent = true;
      try {
        holdingUnknownCompletion(activity, () => endAttempt.call(this, activity));
      } finally {
        controls.completionSetByContent = setByContent;
      }
    },
  });
}
