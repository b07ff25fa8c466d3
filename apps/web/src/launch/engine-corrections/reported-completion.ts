const corrected = new WeakSet<object>();

interface EndedActivity {
  children: unknown[];
  isActive: boolean;
  isSuspended: boolean;
  completedByMeasure: boolean;
  completionStatus: string;
  attemptProgressStatus: boolean;
  primaryObjective: { id?: string } | null;
  sequencingControls: object;
}

interface TransferredData {
  completion_status?: string;
  completion_status_was_set?: boolean;
  objectives?: { id: string; completion_status?: string; completion_status_was_set?: boolean }[];
}

interface TerminationHandler {
  getCMIData?: (() => TransferredData | null) | null;
  endAttempt(activity: EndedActivity): void;
}

/**
 * The completion status the delivered SCO set for the activity's attempt (`cmi.completion_status`, else its primary
 * objective's `cmi.objectives.n.completion_status`), or null when it set none.
 */
function reportedCompletion(data: TransferredData | null | undefined, activity: EndedActivity): string | null {
  if (!data) return null;
  if (data.completion_status_was_set) return data.completion_status ?? null;
  const primary = activity.primaryObjective?.id;
  const objective = primary ? data.objectives?.find((o) => o.id === primary && o.completion_status_was_set) : undefined;
  return objective?.completion_status ?? null;
}

/** Runs `run` with `property` of `target` defined by `descriptor` (an own property that hides the class's). */
function withOwn<T>(target: object, property: string, descriptor: PropertyDescriptor, run: () => T): T {
  Object.defineProperty(target, property, { configurable: true, ...descriptor });
  try {
    return run();
  } finally {
    delete (target as Record<string, unknown>)[property];
  }
}

/**
 * SCORM 2004 SN UP.4 (End Attempt Process) sets a leaf's attempt completed only when the content did not inform the
 * sequencer of its completion (ADL's sample RTE: not when the SCO set `cmi.completion_status` itself, even to
 * "unknown"). scorm-again 3.4 auto-completes whenever the attempt's progress is unknown, so a SCO that reports
 * "unknown" ends completed, and its status (the delivery's "not attempted", or "incomplete" for an unknown) reads as
 * progress known in sequencing rules: a post-condition `activityProgressKnown → retry` retries it (ADL CM-06). The
 * SCO's report is kept: no auto-completion, and a reported "unknown" stays unknown.
 */
export function keepReportedCompletion(terminationPrototype: object): void {
  if (corrected.has(terminationPrototype)) return;
  corrected.add(terminationPrototype);
  const proto = terminationPrototype as TerminationHandler;
  const endAttempt = proto.endAttempt;
  proto.endAttempt = function (this: TerminationHandler, activity) {
    const leafAttempt = activity.children.length === 0 && activity.isActive && !activity.isSuspended;
    const reported = leafAttempt ? reportedCompletion(this.getCMIData?.(), activity) : null;
    if (reported === null) return endAttempt.call(this, activity);
    const end = () => endAttempt.call(this, activity);
    const setByContent = () => withOwn(activity.sequencingControls, 'completionSetByContent', { value: true }, end);
    if (reported !== 'unknown' || activity.completedByMeasure) return setByContent();
    const prototypeStatus = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(activity), 'completionStatus')!;
    activity.completionStatus = 'unknown';
    activity.attemptProgressStatus = false;
    // The engine's end of attempt turns an unknown status into "incomplete".
    return withOwn(
      activity,
      'completionStatus',
      {
        get: prototypeStatus.get,
        set(this: EndedActivity, status: string) {
          if (status !== 'incomplete') prototypeStatus.set!.call(this, status);
        },
      },
      setByContent,
    );
  };
}
