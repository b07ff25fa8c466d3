interface Activity {
  parent: Activity | null;
}

interface TreeStep {
  activity: Activity | null;
  endSequencingSession: boolean;
  direction?: 'forward' | 'backward';
  exception?: string;
}

/** scorm-again's flow traversal service: its Flow Tree Traversal Subprocess (SB.2.1), one method per direction. */
interface FlowTraversal {
  traverseForward(from: Activity, skipChildren: boolean, forwardOnlyCluster: Activity | null): TreeStep;
  traverseBackward(from: Activity, skipChildren: boolean): TreeStep;
  isDescendantOfOrSelf(activity: Activity, ancestor: Activity): boolean;
}

const corrected = new WeakSet<object>();

/**
 * A Previous that enters a forwardOnly cluster walks its children forward (SN SB.2.1 step 4.3.1); when every one of
 * them is skipped and the walk reaches the last, the Flow Tree Traversal Subprocess turns back (SB.2.1 step 2, the
 * previous traversal direction being Backward): it goes on backward from the cluster's first child, so out of the
 * cluster before it. scorm-again 3.4 stops at the end of the cluster and delivers nothing (ADL CM-03b: Previous from
 * activity 8 over the skipped children of the forwardOnly activity 4 must reach activity 3).
 */
export function turnBackAtTheEndOfAForwardOnlyCluster(traversal: FlowTraversal): void {
  const prototype = Object.getPrototypeOf(traversal) as FlowTraversal;
  if (corrected.has(prototype)) return;
  corrected.add(prototype);
  const forward = prototype.traverseForward;
  prototype.traverseForward = function (this: FlowTraversal, from, skipChildren, forwardOnlyCluster) {
    const step = forward.call(this, from, skipChildren, forwardOnlyCluster);
    const walkedOffTheCluster =
      !step.activity &&
      !step.endSequencingSession &&
      !!forwardOnlyCluster &&
      from !== forwardOnlyCluster &&
      this.isDescendantOfOrSelf(from, forwardOnlyCluster);
    if (!walkedOffTheCluster) return step;
    const back = this.traverseBackward(forwardOnlyCluster, true);
    return { ...back, direction: back.direction ?? 'backward' };
  };
}
