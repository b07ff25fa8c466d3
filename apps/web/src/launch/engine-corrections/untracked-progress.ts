const corrected = new WeakSet<object>();

type Evaluation = boolean | 'unknown';

interface Condition {
  condition: string;
  operator: string | null;
  evaluate(activity: Activity): Evaluation;
}

interface Rule {
  conditions: Condition[];
}

interface Activity {
  children: Activity[];
  sequencingControls: { tracked: boolean };
  sequencingRules: { preConditionRules: Rule[]; exitConditionRules: Rule[]; postConditionRules: Rule[] };
}

/** What a progress condition is on an activity with no tracking information, before its operator. */
const UNTRACKED: Record<string, Evaluation> = {
  activityProgressKnown: false,
  progressKnown: false,
  completed: 'unknown',
  activityCompleted: 'unknown',
};

/** A rule condition of the tree, whose class the engine does not export (none when no activity has a rule). */
function anyCondition(activity: Activity): Condition | undefined {
  const { preConditionRules, exitConditionRules, postConditionRules } = activity.sequencingRules;
  const rule = [...preConditionRules, ...exitConditionRules, ...postConditionRules].find((r) => r.conditions.length);
  return rule?.conditions[0] ?? activity.children.map(anyCondition).find(Boolean);
}

/**
 * An activity that is not tracked (`deliveryControls tracked="false"`) has no tracking status: the LMS "does not
 * initialize, manage or access" it (SCORM 2004 4th Ed. SN 3.13.1), so its progress is not known and whether it is
 * completed is unknown (ADL's reference sequencer evaluates "activityProgressKnown" false and "completed" unknown for
 * it). scorm-again 3.4 hides only the objective conditions of such an activity; its progress conditions read the
 * completion an objective map gave it, so an untracked cluster that reads a completed global objective is skipped by
 * "activityProgressKnown" (ADL CO-05a, CO-05b). The progress conditions of an untracked activity are evaluated as
 * its missing tracking status gives them.
 */
export function untrackedProgressUnknown(root: object): void {
  const condition = anyCondition(root as Activity);
  const conditionPrototype = condition && (Object.getPrototypeOf(condition) as Condition);
  if (!conditionPrototype || corrected.has(conditionPrototype)) return;
  corrected.add(conditionPrototype);
  const evaluate = conditionPrototype.evaluate;
  conditionPrototype.evaluate = function (this: Condition, activity: Activity) {
    const untracked = UNTRACKED[this.condition];
    if (activity.sequencingControls.tracked !== false || untracked === undefined) return evaluate.call(this, activity);
    if (this.operator !== 'not' || untracked === 'unknown') return untracked;
    return !untracked;
  };
}
