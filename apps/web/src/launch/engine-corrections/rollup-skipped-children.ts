interface SkipRule {
  action: string;
  evaluate(activity: RollupChild): boolean;
}

interface RollupChild {
  requiredForSatisfied: string;
  requiredForNotSatisfied: string;
  requiredForCompleted: string;
  requiredForIncomplete: string;
  sequencingRules: { preConditionRules: SkipRule[] };
}

type ChildCheck = (this: unknown, child: RollupChild, type: string, action?: string) => boolean;

const REQUIREMENT: Record<string, keyof RollupChild> = {
  satisfied: 'requiredForSatisfied',
  notSatisfied: 'requiredForNotSatisfied',
  completed: 'requiredForCompleted',
  incomplete: 'requiredForIncomplete',
};

const corrected = new WeakSet<object>();

/**
 * A child required for a rollup action only "ifNotSkipped" is left out of it while its precondition rules would skip
 * it (SN RB.1.4.2 Check Child for Rollup, step 2.1.3.2/3.1.3.2: the Sequencing Rules Check Process on its skip
 * rules). scorm-again 3.4 reads a `wasSkipped` flag instead that no traversal sets, so the child always counts: a
 * failed activity that "if not satisfied and attempted, then skip" keeps its part from being completed by "all
 * satisfied" (ADL RU-15b).
 */
export function skippedChildrenOutOfRollup(childFilterPrototype: object): void {
  if (corrected.has(childFilterPrototype)) return;
  corrected.add(childFilterPrototype);
  const check = (childFilterPrototype as { checkChildForRollupSubprocess: ChildCheck }).checkChildForRollupSubprocess;
  Object.defineProperty(childFilterPrototype, 'checkChildForRollupSubprocess', {
    configurable: true,
    writable: true,
    value(this: unknown, child: RollupChild, type: string, action?: string): boolean {
      if (!check.call(this, child, type, action)) return false;
      const requirement = action ? REQUIREMENT[action] : undefined;
      if (!requirement || child[requirement] !== 'ifNotSkipped') return true;
      return !child.sequencingRules.preConditionRules.some((rule) => rule.action === 'skip' && rule.evaluate(child));
    },
  });
}
