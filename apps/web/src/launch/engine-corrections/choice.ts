/** What the choice processes read of scorm-again's activities. */
interface Activity {
  id: string;
  parent: Activity | null;
  children: Activity[];
  isActive: boolean;
  isAvailable: boolean;
  isHiddenFromChoice: boolean;
  sequencingControls: {
    choice: boolean;
    choiceExit: boolean;
    forwardOnly: boolean;
    constrainChoice: boolean;
    preventActivation: boolean;
  };
  sequencingRules: { preConditionRules: { action: string; evaluate(activity: Activity): boolean }[] };
  getAvailableChildren(): Activity[];
}

interface FlowResult {
  identifiedActivity: Activity | null;
  deliverable: boolean;
}

/** scorm-again's flow traversal service of a sequencing process. */
interface Traversal {
  getActivityForEvaluation(activity: Activity, target: Activity): Activity;
  findFirstDeliverableActivityResult(cluster: Activity): FlowResult;
  ruleEngine: { checkLimitConditions(activity: Activity): boolean };
}

interface ActivityTree {
  root: Activity | null;
  currentActivity: Activity | null;
  getActivity(id: string): Activity | null;
}

interface SequencingResult {
  deliveryRequest: 'deliver' | 'doNotDeliver';
  targetActivity: Activity | null;
  exception: string | null;
  endSequencingSession: boolean;
}

interface ChoiceHandler {
  activityTree: ActivityTree;
  traversalService: Traversal;
  handleChoice(targetId: string, current: Activity | null): SequencingResult;
}

interface SequencingProcess {
  activityTree: ActivityTree;
  traversalService: Traversal;
  choiceHandler: ChoiceHandler;
  validateNavigationRequest(
    request: string,
    targetId: string | null,
    current: Activity | null,
  ): { valid: boolean; exception: string | null };
}

interface NavigationService {
  validateChoicePath(current: Activity | null, target: Activity): { valid: boolean; exception: string | null };
}

const corrected = new WeakSet<object>();

/** The activities from the root down to `activity`, both included. */
function pathFromRoot(activity: Activity): Activity[] {
  const path: Activity[] = [];
  for (let at: Activity | null = activity; at; at = at.parent) path.unshift(at);
  return path;
}

function commonAncestor(a: Activity, b: Activity): Activity {
  const ancestorsOfA = pathFromRoot(a);
  let at: Activity = b;
  while (!ancestorsOfA.includes(at)) at = at.parent!;
  return at;
}

/** The activities from `from` up to `ancestor`, `ancestor` left out. */
function pathUpTo(from: Activity, ancestor: Activity): Activity[] {
  const path: Activity[] = [];
  for (let at: Activity | null = from; at && at !== ancestor; at = at.parent) path.push(at);
  return path;
}

function isWithin(activity: Activity, ancestor: Activity): boolean {
  return pathFromRoot(activity).includes(ancestor);
}

/** Whether `a` comes before `b` in a preorder traversal of the tree. */
function comesBefore(a: Activity, b: Activity): boolean {
  const pathA = pathFromRoot(a);
  const pathB = pathFromRoot(b);
  let depth = 0;
  while (depth < pathA.length && depth < pathB.length && pathA[depth] === pathB[depth]) depth++;
  if (depth === pathA.length) return depth < pathB.length;
  if (depth === pathB.length) return false;
  const siblings = pathA[depth - 1]!.children;
  return siblings.indexOf(pathA[depth]!) < siblings.indexOf(pathB[depth]!);
}

/** Sequencing Rules Check Process (UP.2) for the pre-condition rules with `action`. */
function ruleApplies(traversal: Traversal, activity: Activity, target: Activity, action: string): boolean {
  const evaluated = traversal.getActivityForEvaluation(activity, target);
  return activity.sequencingRules.preConditionRules.some((rule) => rule.action === action && rule.evaluate(evaluated));
}

/** Choice Activity Traversal Subprocess (SB.2.4): the exception that makes `activity` unreachable, if any. */
function traversalException(traversal: Traversal, activity: Activity, target: Activity, forward: boolean) {
  if (forward) return ruleApplies(traversal, activity, target, 'stopForwardTraversal') ? 'SB.2.4-1' : null;
  if (!activity.parent) return 'SB.2.4-3';
  return activity.parent.sequencingControls.forwardOnly ? 'SB.2.4-2' : null;
}

/** Choice Flow Tree Traversal Subprocess (SB.2.9.2), without rules or control modes. */
function choiceFlowTreeTraversal(activity: Activity, forward: boolean): Activity | null {
  const parent = activity.parent;
  if (!parent) return null;
  const siblings = parent.getAvailableChildren();
  const index = siblings.indexOf(activity);
  if (forward) return index === siblings.length - 1 ? choiceFlowTreeTraversal(parent, true) : siblings[index + 1]!;
  return index === 0 ? choiceFlowTreeTraversal(parent, false) : siblings[index - 1]!;
}

/**
 * The checks of the Choice Sequencing Request Process (SB.2.9) before it flows into a cluster target: the exception
 * that refuses the choice of `target` from `current`, or null.
 */
function choiceException(traversal: Traversal, root: Activity, current: Activity | null, target: Activity) {
  const parent = target.parent;
  if (!target.isAvailable || (parent && !parent.getAvailableChildren().includes(target))) return 'SB.2.9-2';
  const hidden = pathFromRoot(target).some(
    (activity) => activity.isHiddenFromChoice || ruleApplies(traversal, activity, target, 'hiddenFromChoice'),
  );
  if (hidden) return 'SB.2.9-3';
  if (parent && !parent.sequencingControls.choice) return 'SB.2.9-4';
  const from = current ?? root;
  const ancestor = commonAncestor(from, target);
  if (from === target) return null;
  const forward = comesBefore(from, target);
  if (parent && from.parent === parent) {
    const siblings = parent.getAvailableChildren();
    const [start, end] = [siblings.indexOf(from), siblings.indexOf(target)];
    const between = forward ? siblings.slice(start, end) : siblings.slice(end + 1, start + 1).reverse();
    for (const activity of between) {
      const exception = traversalException(traversal, activity, target, forward);
      if (exception) return exception;
    }
    return null;
  }
  // The clusters left, from the current activity's parent up (the current activity's own choiceExit is the Navigation
  // Request Process's to check while it is active, as in ADL's reference implementation).
  if (target === ancestor) {
    return pathUpTo(from.parent!, target).some((activity) => !activity.sequencingControls.choiceExit)
      ? 'SB.2.9-7'
      : null;
  }
  if (from !== ancestor) {
    let constrained: Activity | null = null;
    for (const activity of pathUpTo(from.parent!, ancestor)) {
      if (!activity.sequencingControls.choiceExit) return 'SB.2.9-7';
      if (!constrained && activity.sequencingControls.constrainChoice) constrained = activity;
    }
    if (constrained) {
      const towardTarget = comesBefore(constrained, target);
      const consider = choiceFlowTreeTraversal(constrained, towardTarget) ?? constrained;
      if (!isWithin(target, consider) && target !== constrained) return 'SB.2.9-8';
    }
  }
  // The path from the common ancestor down to the target's parent: an attempt may not begin on a cluster that
  // prevents its activation by choice.
  const down = pathUpTo(parent!, ancestor).reverse();
  for (const activity of [ancestor, ...down]) {
    if (forward) {
      const exception = traversalException(traversal, activity, target, true);
      if (exception) return exception;
    }
    if (activity !== ancestor && !activity.isActive && activity.sequencingControls.preventActivation) return 'SB.2.9-6';
  }
  return null;
}

/**
 * The Delivery Request Process (DB.1.1) for a leaf target: the Check Activity Process (UP.5) refuses it when an
 * activity on its path is disabled by a pre-condition rule or has violated its limits.
 */
function deliveryException(traversal: Traversal, target: Activity): string | null {
  if (target.children.length > 0) return null;
  const refused = pathFromRoot(target).some(
    (activity) =>
      ruleApplies(traversal, activity, target, 'disabled') || traversal.ruleEngine.checkLimitConditions(activity),
  );
  return refused ? 'DB.1.1-3' : null;
}

/** The choice case of the Navigation Request Process (NB.2.1): the exception that refuses the request, or null. */
function navigationException(current: Activity | null, target: Activity): string | null {
  if (target.parent && !target.parent.sequencingControls.choice) return 'NB.2.1-11';
  if (!current) return null;
  const leaving = pathUpTo(current, commonAncestor(current, target));
  return leaving.some((activity) => activity.isActive && !activity.sequencingControls.choiceExit) ? 'NB.2.1-11' : null;
}

function chooses(this: ChoiceHandler, targetId: string, current: Activity | null): SequencingResult {
  const refused = (exception: string): SequencingResult => ({
    deliveryRequest: 'doNotDeliver',
    targetActivity: null,
    exception,
    endSequencingSession: false,
  });
  const target = this.activityTree.getActivity(targetId);
  const root = this.activityTree.root;
  if (!target || !root) return refused('SB.2.9-1');
  if (current?.isActive) return refused('SB.2.9-6');
  const exception = choiceException(this.traversalService, root, current, target);
  if (exception) return refused(exception);
  let delivered: Activity | null = target;
  if (target.children.length > 0) {
    const flow = this.traversalService.findFirstDeliverableActivityResult(target);
    delivered = flow.deliverable ? flow.identifiedActivity : null;
  }
  if (!delivered) return refused('SB.2.9-9');
  return { deliveryRequest: 'deliver', targetActivity: delivered, exception: null, endSequencingSession: false };
}

/**
 * A choice navigation request is taken as the SCORM 2004 4th Ed. SN book has it: the Navigation Request Process
 * (NB.2.1) refuses it only for the target parent's choice control or an active activity being left whose choiceExit
 * is false; the Choice Sequencing Request Process (SB.2.9) checks hidden-from-choice rules, the parent's choice
 * control, the Choice Activity Traversal Subprocess (SB.2.4) between the current activity and the target,
 * choiceExit, constrainChoice (of the clusters left, through the Choice Flow Subprocess SB.2.9.1) and
 * preventActivation (of the clusters an attempt would begin on, below the common ancestor), then delivers a leaf
 * target or flows into a cluster one (SB.2.3). scorm-again 3.4 adds checks of its own: constrainChoice and
 * preventActivation of the common ancestor and every ancestor above it refuse any choice between two of its children
 * (ADL CM-16, CM-17a, CM-07d), uncompleted "mandatory" siblings in between refuse it, a cluster target's Skip
 * pre-condition refuses it (CM-04c), and a cluster target is entered by a traversal of its own instead of the Flow
 * Subprocess. The choosable look-ahead (`validateNavigationRequest`) runs the same checks without the flow, and for a
 * leaf the delivery's own check (DB.1.1), so a disabled part is not offered.
 */
export function takeChoicesAsTheBookHasIt(process: SequencingProcess, navigation: NavigationService): void {
  const handler = Object.getPrototypeOf(process.choiceHandler) as ChoiceHandler;
  if (!corrected.has(handler)) {
    corrected.add(handler);
    handler.handleChoice = chooses;
  }
  const processPrototype = Object.getPrototypeOf(process) as SequencingProcess;
  if (!corrected.has(processPrototype)) {
    corrected.add(processPrototype);
    const validate = processPrototype.validateNavigationRequest;
    processPrototype.validateNavigationRequest = function (this: SequencingProcess, request, targetId, current) {
      if (request !== 'choice') return validate.call(this, request, targetId, current);
      const target = targetId ? this.activityTree.getActivity(targetId) : null;
      const root = this.activityTree.root;
      if (!target || !root) return { valid: false, exception: 'SB.2.9-1' };
      const exception =
        navigationException(current, target) ??
        choiceException(this.traversalService, root, current, target) ??
        deliveryException(this.traversalService, target);
      return { valid: !exception, exception };
    };
  }
  const navigationPrototype = Object.getPrototypeOf(navigation) as NavigationService;
  if (!corrected.has(navigationPrototype)) {
    corrected.add(navigationPrototype);
    navigationPrototype.validateChoicePath = (current, target) => {
      const exception = navigationException(current, target);
      return { valid: !exception, exception };
    };
  }
}
