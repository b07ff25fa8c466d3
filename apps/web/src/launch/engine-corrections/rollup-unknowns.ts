/** A rollup condition's or rule's value: SCORM's three-valued logic, `null` standing for unknown. */
type Truth = boolean | null;

interface RollupActivity {
  completionStatus: string;
  successStatus: string;
  attemptProgressStatus: boolean;
  attemptCount: number;
  objectiveSatisfiedStatus: boolean;
  objectiveSatisfiedStatusKnown: boolean;
  objectiveMeasureStatus: boolean;
  objectiveNormalizedMeasure: number;
  objectiveInfoAvailableInCurrentParentAttempt: boolean;
  progressInfoAvailableInCurrentParentAttempt: boolean;
  hasAttemptLimitExceeded(): boolean;
  getAvailableChildren(): RollupActivity[];
}

interface RollupCondition {
  condition: string;
  operator: string;
  parameters: Map<string, unknown>;
}

interface RollupRule {
  action: string;
  consideration: string;
  minimumCount: number;
  minimumPercent: number;
  conditionCombination?: string;
  conditions: RollupCondition[];
}

interface RuleEvaluator {
  childFilter: { checkChildForRollupSubprocess(child: RollupActivity, type: string, action: string): boolean };
}

const CHILD_CHECK: Record<string, [type: string, action: string]> = {
  satisfied: ['objective', 'satisfied'],
  notSatisfied: ['objective', 'notSatisfied'],
  completed: ['progress', 'completed'],
  incomplete: ['progress', 'incomplete'],
};

const corrected = new WeakSet<object>();

function satisfied(child: RollupActivity): Truth {
  if (!child.objectiveInfoAvailableInCurrentParentAttempt) return null;
  if (child.objectiveSatisfiedStatusKnown) return child.objectiveSatisfiedStatus;
  if (child.successStatus === 'passed' || child.successStatus === 'failed') return child.successStatus === 'passed';
  return null;
}

function completed(child: RollupActivity): Truth {
  if (!child.progressInfoAvailableInCurrentParentAttempt) return null;
  if (child.completionStatus === 'completed' || child.completionStatus === 'incomplete')
    return child.completionStatus === 'completed';
  return child.attemptProgressStatus ? false : null;
}

function measure(child: RollupActivity): number | null {
  return child.objectiveInfoAvailableInCurrentParentAttempt && child.objectiveMeasureStatus
    ? child.objectiveNormalizedMeasure
    : null;
}

/** One rollup condition on a child (SN RB.1.4.1 step 2.1): a status the child does not know is unknown. */
function evaluateCondition(condition: RollupCondition, child: RollupActivity): Truth {
  const threshold = Number(condition.parameters.get('threshold') ?? 0);
  const normalized = measure(child);
  switch (condition.condition) {
    case 'satisfied':
      return satisfied(child);
    case 'objectiveStatusKnown':
      return satisfied(child) !== null;
    case 'objectiveMeasureKnown':
      return normalized !== null;
    case 'objectiveMeasureGreaterThan':
      return normalized === null ? null : normalized > threshold;
    case 'objectiveMeasureLessThan':
      return normalized === null ? null : normalized < threshold;
    case 'completed':
      return completed(child);
    case 'progressKnown':
      return completed(child) !== null;
    case 'attempted':
      return child.progressInfoAvailableInCurrentParentAttempt && child.attemptCount > 0;
    case 'notAttempted':
      return !child.progressInfoAvailableInCurrentParentAttempt || child.attemptCount === 0;
    case 'attemptLimitExceeded':
      return child.hasAttemptLimitExceeded();
    case 'always':
      return true;
    default:
      return false;
  }
}

/** A rule's conditions on one child (SN RB.1.4.1): `not` keeps unknown unknown; all/any in three-valued logic. */
function evaluateConditions(rule: RollupRule, child: RollupActivity): Truth {
  if (rule.conditions.length === 0) return true;
  const values = rule.conditions.map((condition) => {
    const value = evaluateCondition(condition, child);
    return condition.operator === 'not' && value !== null ? !value : value;
  });
  const decisive = rule.conditionCombination === 'all' ? false : true;
  if (values.includes(decisive)) return decisive;
  return values.includes(null) ? null : !decisive;
}

/**
 * Whether a rollup rule applies (SN RB.1.4 Rollup Rule Check): each contributing child adds true, false or unknown
 * to the bag, and the child activity set reads the bag. `all` needs no false and no unknown, `none` no true and no
 * unknown, `any` and the at-least sets count the true values. scorm-again 3.4 evaluates a condition on a status the
 * child does not know yet as false, so "completed if none satisfied" applies as soon as one child fails while its
 * siblings are not attempted (ADL RU-05a), and "not satisfied" on an unknown status counts as true. An empty bag
 * (no child tracked, or none required) satisfies `all` and `none`, as the SN has it (ADL RU-11), where scorm-again
 * applies no rule; the at-least sets need a child, as in ADL's reference implementation.
 */
function evaluateRollupRule(this: RuleEvaluator, activity: RollupActivity, rule: RollupRule): boolean {
  const check = CHILD_CHECK[rule.action];
  if (!check) return false;
  const bag = activity
    .getAvailableChildren()
    .filter((child) => this.childFilter.checkChildForRollupSubprocess(child, ...check))
    .map((child) => evaluateConditions(rule, child));
  const trues = bag.filter((value) => value === true).length;
  switch (rule.consideration) {
    case 'all':
      return trues === bag.length;
    case 'any':
      return trues > 0;
    case 'none':
      return bag.every((value) => value === false);
    case 'atLeastCount':
      return bag.length > 0 && trues >= rule.minimumCount;
    case 'atLeastPercent':
      return bag.length > 0 && (trues / bag.length) * 100 >= rule.minimumPercent;
    default:
      return false;
  }
}

/** Rollup rules read with unknown statuses (SN RB.1.4, RB.1.4.1), on the engine's rollup rule evaluator class. */
export function rollupRulesWithUnknowns(ruleEvaluatorPrototype: object): void {
  if (corrected.has(ruleEvaluatorPrototype)) return;
  corrected.add(ruleEvaluatorPrototype);
  Object.defineProperty(ruleEvaluatorPrototype, 'evaluateRollupRule', {
    configurable: true,
    writable: true,
    value: evaluateRollupRule,
  });
}
