/**
 * The sequencing engine's saved state of an attempt (scorm-again's `serializeSequencingState`), made resumable.
 *
 * A session that ended by the window closing leaves a current activity and no suspended one: the SCO was still open,
 * or ended with `cmi.exit` "suspend" and no navigation request. scorm-again refuses such a state both `resumeAll` and
 * `start` (SN NB.2.1; scorm-again issue 1701), so the learner could never return. It is restored as if the learner
 * had suspended all at that activity: the activity and its ancestors suspended, nothing current.
 */

type State = Record<string, unknown>;
type Node = { id?: unknown; children?: unknown };

const isObject = (value: unknown): value is State => !!value && typeof value === 'object' && !Array.isArray(value);

/** The ids from the root to the activity, or null when the tree has no such activity. */
export function pathTo(tree: Node, id: string): string[] | null {
  if (tree.id === id) return [id];
  const children = Array.isArray(tree.children) ? (tree.children as Node[]) : [];
  for (const child of children) {
    const path = pathTo(child, id);
    if (path) return [String(tree.id), ...path];
  }
  return null;
}

/** The id the saved state names as current while nothing is suspended: a session left open. */
export function leftOpenAt(state: State): string | null {
  const sequencing = state.sequencing;
  if (!isObject(sequencing)) return null;
  const current = sequencing.currentActivity;
  return typeof current === 'string' && current && !sequencing.suspendedActivity ? current : null;
}

/** Marks the nodes on the path suspended and inactive in the suspension snapshot's tree (the leaf's attempt stays open). */
function suspendTree(node: unknown, path: string[]): unknown {
  if (!isObject(node) || node.id !== path[0]) return node;
  const leaf = path.length === 1;
  return {
    ...node,
    isActive: false,
    isSuspended: true,
    ...(leaf ? { activityAttemptActive: true } : {}),
    children: Array.isArray(node.children)
      ? node.children.map((child: unknown) => suspendTree(child, path.slice(1)))
      : node.children,
  };
}

/**
 * The state to restore: a session left open becomes one suspended at the activity it was in; any other state is
 * returned as it is. `tree` is the course's activity tree, for the activity's ancestors.
 */
export function resumableState(state: State, tree: Node): State {
  const current = leftOpenAt(state);
  const path = current ? pathTo(tree, current) : null;
  if (!current || !path) return state;
  const sequencing = state.sequencing as State;
  const activityStates = isObject(sequencing.activityStates) ? { ...sequencing.activityStates } : {};
  for (const id of path) {
    const activity = activityStates[id];
    if (isObject(activity)) activityStates[id] = { ...activity, isActive: false, isSuspended: true };
  }
  const suspension = isObject(state.suspensionState) ? state.suspensionState : null;
  return {
    ...state,
    currentActivityId: null,
    sequencing: { ...sequencing, currentActivity: null, suspendedActivity: current, activityStates },
    ...(suspension
      ? {
          suspensionState: {
            ...suspension,
            currentActivityId: null,
            suspendedActivityId: current,
            activityTree: suspendTree(suspension.activityTree, path),
          },
        }
      : {}),
  };
}
