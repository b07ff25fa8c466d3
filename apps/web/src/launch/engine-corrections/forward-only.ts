interface Activity {
  parent: Activity | null;
  children: Activity[];
  sequencingControls: { forwardOnly: boolean };
}

interface TreeStep {
  activity: Activity | null;
  endSequencingSession: boolean;
  exception?: string;
}

/** scorm-again's navigation validity service: its Navigation Request Process (NB.2.1), one method per request. */
interface NavigationService {
  validateForwardOnlyConstraints(current: Activity): { valid: boolean; exception: string | null };
}

/** scorm-again's sequencing process: its Previous Sequencing Request checks and its Flow Tree Traversal (SB.2.1). */
interface SequencingProcess {
  flowHandler: { checkForwardOnlyViolation(current: Activity): string | null };
  constraintValidator: { checkForwardOnlyViolation(current: Activity): { valid: boolean; exception: string | null } };
  traversalService: {
    activityTree: { getPreviousSibling(activity: Activity): Activity | null };
    traverseBackward(from: Activity, skipChildren: boolean): TreeStep;
  };
}

type Traversal = SequencingProcess['traversalService'];

/** The methods corrected, by class. */
const corrected = new WeakMap<object, Set<PropertyKey>>();

/** Replaces `name` on the class of `object` with what `correct` makes of the engine's own, once per page. */
function correct<T extends object, K extends keyof T>(object: T, name: K, correct: (own: T[K]) => T[K]): void {
  const prototype = Object.getPrototypeOf(object) as T;
  const names = corrected.get(prototype) ?? new Set<PropertyKey>();
  if (names.has(name)) return;
  corrected.set(prototype, names.add(name));
  prototype[name] = correct(prototype[name]);
}

const forwardOnly = (activity: Activity | null | undefined) => !!activity?.sequencingControls.forwardOnly;

/**
 * Whether a backward walk from `from` leaves a forwardOnly cluster: it climbs out of its first child, and on the way up
 * the cluster it moves back in is forwardOnly (SB.2.1 step 4, applied again to the parent at each climb).
 */
function leavesForwardOnlyCluster(traversal: Traversal, from: Activity, skipChildren: boolean): boolean {
  if (!skipChildren && from.children.length > 0) return false;
  if (traversal.activityTree.getPreviousSibling(from)) return false;
  for (let current = from; current.parent; current = current.parent) {
    if (forwardOnly(current.parent.parent)) return true;
    if (traversal.activityTree.getPreviousSibling(current.parent)) return false;
  }
  return false;
}

/**
 * Forward only binds the flow among a cluster's own children: a Previous request is refused when the current
 * activity's parent is forwardOnly (SN NB.2.1, NB.2.1-8), and the Flow Tree Traversal refuses to move backward within a
 * forwardOnly cluster at every level it climbs (SB.2.1-4). scorm-again 3.4 refuses Previous when any cluster above
 * is forwardOnly, in the navigation request and twice in the Previous Sequencing Request (SB.2.8), and its traversal
 * checks only the parent of the activity it starts from. So a learner cannot go back between two parts of a cluster
 * that allows it inside one that does not (ADL CM-07e: activity 6 back to activity 5 in activity 4, under the
 * forwardOnly activity 2), while back from activity 5, out of activity 4 into activity 2, stays refused.
 */
export function forwardOnlyAsTheBookHasIt(navigation: NavigationService, sequencing: SequencingProcess): void {
  correct(
    navigation,
    'validateForwardOnlyConstraints',
    () => (current) =>
      forwardOnly(current.parent) ? { valid: false, exception: 'NB.2.1-8' } : { valid: true, exception: null },
  );
  correct(
    sequencing.flowHandler,
    'checkForwardOnlyViolation',
    () => (current) => (forwardOnly(current.parent) ? 'SB.2.1-4' : null),
  );
  correct(
    sequencing.constraintValidator,
    'checkForwardOnlyViolation',
    () => (current) =>
      forwardOnly(current.parent) ? { valid: false, exception: 'SB.2.1-4' } : { valid: true, exception: null },
  );
  correct(
    sequencing.traversalService,
    'traverseBackward',
    (own) =>
      function (this: Traversal, from, skipChildren) {
        if (leavesForwardOnlyCluster(this, from, skipChildren))
          return { activity: null, endSequencingSession: false, exception: 'SB.2.1-4' };
        return own.call(this, from, skipChildren);
      },
  );
}
