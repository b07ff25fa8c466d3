interface ObjectiveRollupActivity {
  rollupRules: { rules: { action: string }[] };
}

type DefaultRollup = (this: unknown, activity: ObjectiveRollupActivity) => boolean | null;

const corrected = new WeakSet<object>();

/**
 * An activity's objective rolls up by its default rules ("satisfied if all satisfied", "not satisfied if any not
 * satisfied") only when it defines no rollup rule with a satisfied or not-satisfied action (SN RB.1.2, RB.1.2.c);
 * when its own rules do not apply, its status stays as it is. scorm-again 3.4 falls back to the default rules
 * whenever the activity's own rules do not apply, so "satisfied if none completed" turns into "satisfied if all
 * satisfied" while some children are completed (ADL RU-05b). The default is kept for activities without such rules.
 */
export function objectiveDefaultOnlyWithoutRules(objectiveProcessorPrototype: object): void {
  if (corrected.has(objectiveProcessorPrototype)) return;
  corrected.add(objectiveProcessorPrototype);
  const rollupByDefault = (objectiveProcessorPrototype as { objectiveRollupUsingDefault: DefaultRollup })
    .objectiveRollupUsingDefault;
  Object.defineProperty(objectiveProcessorPrototype, 'objectiveRollupUsingDefault', {
    configurable: true,
    writable: true,
    value(this: unknown, activity: ObjectiveRollupActivity): boolean | null {
      const hasObjectiveRules = activity.rollupRules.rules.some(
        (rule) => rule.action === 'satisfied' || rule.action === 'notSatisfied',
      );
      return hasObjectiveRules ? null : rollupByDefault.call(this, activity);
    },
  });
}
