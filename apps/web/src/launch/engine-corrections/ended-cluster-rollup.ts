interface Activity {
  isActive: boolean;
  children: Activity[];
}

interface TerminationHandler {
  endAttempt(activity: Activity): void;
  rollupProcess: { overallRollupProcess(from: Activity, globalObjectives: unknown): unknown };
  globalObjectiveMap: unknown;
}

const corrected = new WeakSet<object>();

/**
 * End Attempt Process (SCORM 2004 SN UP.4): once an activity is no longer active, the Overall Rollup Process runs on
 * it, its activity path including the activity itself (RB.1.5). scorm-again 3.4 rolls up from the activity's parent,
 * so a cluster whose attempt ends keeps the status rolled up while it was active: a cluster that is satisfied by
 * measure with `measureSatisfactionIfActive` false stays unknown after its last child (ADL MS-06). Rolling up from one
 * of the cluster's children starts the engine's rollup at the cluster.
 */
export function rollUpEndedClusters(handler: TerminationHandler): void {
  const prototype = Object.getPrototypeOf(handler) as TerminationHandler;
  if (corrected.has(prototype)) return;
  corrected.add(prototype);
  const endAttempt = prototype.endAttempt;
  prototype.endAttempt = function (this: TerminationHandler, activity: Activity) {
    const endsCluster = activity.isActive && activity.children.length > 0;
    endAttempt.call(this, activity);
    if (endsCluster) this.rollupProcess.overallRollupProcess(activity.children[0]!, this.globalObjectiveMap);
  };
}
