interface SkipRule {
  action: string;
  evaluate(activity: RollupChild): boolean;
}

interface RollupChild {
  attemptCount: number;
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
 * A child's rollup considerations as Check Child for Rollup has them (SCORM 2004 4th Ed. SN RB.1.4.2, steps 2.1.3 and
 * 3.1.3), where scorm-again 3.4 departs from it in two:
 * - "ifAttempted": the child is left out only while its Activity Progress Status is false or its Activity Attempt
 *   Count is 0, that is until it has been attempted at all. scorm-again tests its Attempt Progress Status instead,
 *   which a cluster completed by its own rollup rules never gets, so a pre-test required for completion "ifAttempted"
 *   stays out of its module's completion and the module is not completed after its post-test (ADL T-01b).
 * - "ifNotSkipped": the child is left out while its precondition rules would skip it (the Sequencing Rules Check
 *   Process on its skip rules). scorm-again reads a `wasSkipped` flag instead that no traversal sets, so the child
 *   always counts: a failed activity that "if not satisfied and attempted, then skip" keeps its part from being
 *   completed by "all satisfied" (ADL RU-15b), a satisfied post-test keeps its module from being completed (T-01b).
 * The engine's other checks (tracked, the rollup's contribution flags, availability) stand: they are its check of the
 * child as required "always", which it makes when asked without a rollup action.
 */
export function rollupConsiderationsAsTheBook(childFilterPrototype: object): void {
  if (corrected.has(childFilterPrototype)) return;
  corrected.add(childFilterPrototype);
  const check = (childFilterPrototype as { checkChildForRollupSubprocess: ChildCheck }).checkChildForRollupSubprocess;
  Object.defineProperty(childFilterPrototype, 'checkChildForRollupSubprocess', {
    configurable: true,
    writable: true,
    value(this: unknown, child: RollupChild, type: string, action?: string): boolean {
      const requirement = action ? REQUIREMENT[action] : undefined;
      switch (requirement && child[requirement]) {
        case 'ifAttempted':
          return child.attemptCount > 0 && check.call(this, child, type);
        case 'ifNotSkipped':
          return (
            check.call(this, child, type) &&
            !child.sequencingRules.preConditionRules.some((rule) => rule.action === 'skip' && rule.evaluate(child))
          );
        default:
          return check.call(this, child, type, action);
      }
    },
  });
}
