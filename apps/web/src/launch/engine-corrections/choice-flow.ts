const corrected = new WeakSet<object>();

interface FlowActivity {
  children: unknown[];
}

interface FlowResult {
  identifiedActivity: FlowActivity | null;
  deliverable: boolean;
}

interface ChoiceHandler {
  traversalService: {
    continueFlowActivityTraversal(
      from: FlowActivity,
      mode: 'forward',
      skipChildren: boolean,
      boundary: FlowActivity | null,
    ): FlowResult;
  };
  choiceFlowSubprocess(target: FlowActivity): FlowActivity | null;
}

/**
 * A choice of a cluster enters it with the Flow Subprocess (SCORM 2004 SN SB.2.9 step 13: SB.2.3 forward, considering
 * children), so its flow activity traversal (SB.2.2) applies the skip rules of the activities it passes. scorm-again
 * 3.4 descends to the first leaf that the Check Activity Process allows, ignoring skip rules: a sub-cluster that is to
 * be skipped once attempted is entered again (ADL CM-04b). SB.2.9 step 14 (nothing to deliver) stays the engine's.
 */
export function flowIntoChosenCluster(choicePrototype: object): void {
  if (corrected.has(choicePrototype)) return;
  corrected.add(choicePrototype);
  const proto = choicePrototype as ChoiceHandler;
  proto.choiceFlowSubprocess = function (this: ChoiceHandler, target) {
    if (target.children.length === 0) return target;
    const flow = this.traversalService.continueFlowActivityTraversal(target, 'forward', false, null);
    return flow.deliverable ? flow.identifiedActivity : null;
  };
}
