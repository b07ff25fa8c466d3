interface Activity {
  parent: Activity | null;
}

/** A global objective's entry in the engine's map: its tracking state beside the read and write flags of its maps. */
type GlobalObjective = Record<string, unknown>;

interface PreparedRequest {
  deliveryRequest: unknown;
  sessionEndReason: string | null;
  navResult: { sequencingRequest: string | null };
}

/** scorm-again's Overall Sequencing Process (OP.1), the engine's own or the one a look-ahead builds on a copy. */
interface OverallProcess {
  activityTree: { root: Activity | null; currentActivity: Activity | null };
  rollupProcess: { processGlobalObjectiveMapping(root: Activity, map: Map<string, GlobalObjective>): void };
  getGlobalObjectiveMap(): Map<string, GlobalObjective>;
  completeNavigationRequest(prepared: PreparedRequest): unknown;
}

/**
 * Marks a tree whose global objectives belong to the attempt on its root. An own property of the tree, so the copy
 * the engine's look-ahead makes of it (`previewNavigationRequest`) carries it too.
 */
const SCOPED = Symbol('global objectives scoped to the attempt on the root');

/** A global objective's tracking state when nothing is known of it (as the engine creates an entry). */
const UNKNOWN: GlobalObjective = {
  satisfiedStatus: false,
  satisfiedStatusKnown: false,
  normalizedMeasure: 0,
  normalizedMeasureKnown: false,
  rawScore: '',
  rawScoreKnown: false,
  minScore: '',
  minScoreKnown: false,
  maxScore: '',
  maxScoreKnown: false,
  progressMeasure: 0,
  progressMeasureKnown: false,
  completionStatus: 'unknown',
  completionStatusKnown: false,
};

const corrected = new WeakSet<object>();

/** Whether the sequencing request OP.1 is about to process begins a new attempt on the root (SB.2.10). */
function retriesTheRoot(process: OverallProcess, prepared: PreparedRequest): boolean {
  if (prepared.deliveryRequest || prepared.sessionEndReason) return false;
  const request = prepared.navResult.sequencingRequest;
  const { root, currentActivity } = process.activityTree;
  return request === 'retryAll' || (request === 'retry' && !!root && currentActivity === root);
}

/**
 * With `adlseq:objectivesGlobalToSystem="false"` the course's global objectives (the targets of its objective maps)
 * are scoped to one attempt on the activity tree (SCORM 2004 CAM, SN 3.10.3): a new attempt on the root, which a
 * Retry of the root begins (SB.2.10, from a post-condition "retry" or "retryAll" that reaches the root), starts with
 * them unknown. scorm-again 3.4 does not read the attribute and keeps its map across the retry, so the Flow Subprocess
 * of the retry (SB.2.2) evaluates the children's pre-conditions on the previous attempt's objectives: in ADL RU-13d
 * activity 1's "attempted and obj1 status not known, then skip" finds the obj1 that activity 4 wrote as failed and
 * activity 2 is delivered instead of activity 6. Before a retry of the root is sequenced, every entry of the map is
 * set unknown (its read and write flags kept) and the objectives that read it take the unknown state through the
 * engine's own objective mapping; the look-ahead's copy of the tree does the same. A course whose objectives are
 * global to the system (the default; ADL RU-13a) keeps them.
 */
export function scopeGlobalObjectivesToTheRootsAttempt(
  overall: OverallProcess,
  objectivesGlobalToSystem: boolean,
): void {
  if (!objectivesGlobalToSystem)
    Object.defineProperty(overall.activityTree, SCOPED, { value: true, enumerable: false });
  const prototype = Object.getPrototypeOf(overall) as OverallProcess;
  if (corrected.has(prototype)) return;
  corrected.add(prototype);
  const complete = prototype.completeNavigationRequest;
  prototype.completeNavigationRequest = function (this: OverallProcess, prepared) {
    const root = this.activityTree.root;
    if (root && (this.activityTree as Record<symbol, unknown>)[SCOPED] && retriesTheRoot(this, prepared)) {
      const map = this.getGlobalObjectiveMap();
      for (const [id, objective] of map) map.set(id, { ...objective, ...UNKNOWN });
      this.rollupProcess.processGlobalObjectiveMapping(root, map);
    }
    return complete.call(this, prepared);
  };
}
