import type {
  DeliveryControlsSettings,
  ExitConditionAction,
  PostConditionAction,
  PreConditionAction,
  RollupConditionType,
  RollupConsiderationsSettings,
  RollupRequirement,
  RollupRuleSettings,
  RuleConditionSettings,
  RuleConditionType,
  SelectionTiming,
  SequencingControlsSettings,
  SequencingRuleSettings,
  SequencingRulesSettings,
} from './types.js';
import { AttributeReader, decimalIn, SequencingError } from './values.js';
import { childOf, childrenOf, type XmlElement } from './xml-tree.js';

export interface LimitSettings {
  attemptLimit: number;
  attemptAbsoluteDurationLimit: string;
  activityAbsoluteDurationLimit: string;
  beginTimeLimit: string;
  endTimeLimit: string;
}

/** One `imsss:mapInfo` or `adlseq:mapInfo`: the flags it states. */
export interface MapParts {
  targetObjectiveID: string;
  flags: Record<string, boolean>;
}

export interface ObjectiveParts {
  objectiveID: string;
  satisfiedByMeasure?: boolean;
  minNormalizedMeasure?: number;
  maps: MapParts[];
}

/**
 * What one `imsss:sequencing` element states: the attributes of the elements present (those left out at their schema
 * values), nothing of the elements absent, so that an activity's own element overrides a referenced collection
 * member's, and an element with content (a kind of rule, the rollup rules, the objectives) as a whole.
 */
export interface SequencingParts {
  controls: Partial<SequencingControlsSettings>;
  delivery: Partial<DeliveryControlsSettings>;
  limits: Partial<LimitSettings>;
  considerations: Partial<RollupConsiderationsSettings>;
  rules: Partial<SequencingRulesSettings>;
  rollupRules?: RollupRuleSettings[];
  objectives?: { primary?: ObjectiveParts; secondary: ObjectiveParts[] };
  /** `adlseq:objectives`: more maps for objectives declared in `imsss:objectives`. */
  adlObjectives: { objectiveID: string; maps: MapParts[] }[];
}

/**
 * The values the IMS SS and ADL schemas give the attributes an element leaves out. A validating reader, as ADL's
 * reference implementation uses, sees them on every element present: an activity's own `<controlMode/>` overrides the
 * collection member's `choice="false"` with `true` (ADL CM-04a).
 */
const CONTROL_MODE_DEFAULTS: Partial<SequencingControlsSettings> = {
  choice: true,
  choiceExit: true,
  flow: false,
  forwardOnly: false,
  useCurrentAttemptObjectiveInfo: true,
  useCurrentAttemptProgressInfo: true,
};
const CONSTRAINED_CHOICE_DEFAULTS: Partial<SequencingControlsSettings> = {
  preventActivation: false,
  constrainChoice: false,
};
const ROLLUP_RULES_DEFAULTS: Partial<SequencingControlsSettings> = {
  rollupObjectiveSatisfied: true,
  rollupProgressCompletion: true,
  objectiveMeasureWeight: 1,
};
const RANDOMIZATION_DEFAULTS: Partial<SequencingControlsSettings> = {
  selectionTiming: 'never',
  randomizationTiming: 'never',
  randomizeChildren: false,
};
const DELIVERY_DEFAULTS: Partial<DeliveryControlsSettings> = {
  tracked: true,
  completionSetByContent: false,
  objectiveSetByContent: false,
};
const CONSIDERATIONS_DEFAULTS: Partial<RollupConsiderationsSettings> = {
  requiredForSatisfied: 'always',
  requiredForNotSatisfied: 'always',
  requiredForCompleted: 'always',
  requiredForIncomplete: 'always',
  measureSatisfactionIfActive: true,
};

const TIMINGS: readonly SelectionTiming[] = ['never', 'once', 'onEachNewAttempt'];
const REQUIREMENTS: readonly RollupRequirement[] = ['always', 'ifAttempted', 'ifNotSkipped', 'ifNotSuspended'];
const RULE_CONDITIONS: readonly RuleConditionType[] = [
  'satisfied',
  'objectiveStatusKnown',
  'objectiveMeasureKnown',
  'objectiveMeasureGreaterThan',
  'objectiveMeasureLessThan',
  'completed',
  'activityProgressKnown',
  'attempted',
  'attemptLimitExceeded',
  'timeLimitExceeded',
  'outsideAvailableTimeRange',
  'always',
];
const PRE_ACTIONS: readonly PreConditionAction[] = ['skip', 'disabled', 'hiddenFromChoice', 'stopForwardTraversal'];
const POST_ACTIONS: readonly PostConditionAction[] = [
  'exitParent',
  'exitAll',
  'retry',
  'retryAll',
  'continue',
  'previous',
];
const EXIT_ACTIONS: readonly ExitConditionAction[] = ['exit'];
/** The rollup vocabulary: the rule conditions less the measure comparisons and `always`. */
const ROLLUP_CONDITIONS = RULE_CONDITIONS.filter(
  (condition) => !['objectiveMeasureGreaterThan', 'objectiveMeasureLessThan', 'always'].includes(condition),
);
/** Rollup conditions scorm-again does not evaluate (it would count them as never met). */
const UNSUPPORTED_ROLLUP_CONDITIONS: readonly string[] = ['timeLimitExceeded', 'outsideAvailableTimeRange'];
const IMSSS_MAP_FLAGS = [
  'readSatisfiedStatus',
  'readNormalizedMeasure',
  'writeSatisfiedStatus',
  'writeNormalizedMeasure',
];
export const ADLSEQ_MAP_FLAGS = [
  'readCompletionStatus',
  'writeCompletionStatus',
  'readProgressMeasure',
  'writeProgressMeasure',
  'readRawScore',
  'writeRawScore',
  'readMinScore',
  'writeMinScore',
  'readMaxScore',
  'writeMaxScore',
];

const definedOnly = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

function ruleCondition(where: string, element: XmlElement): RuleConditionSettings {
  const read = new AttributeReader(where, element);
  const condition = read.token('condition', RULE_CONDITIONS) ?? read.fail('<ruleCondition> has no condition.');
  const operator = read.token('operator', ['not', 'noOp'] as const);
  const referencedObjective = read.anyUri('referencedObjective');
  const threshold = read.decimal('measureThreshold', -1, 1);
  const measured = condition === 'objectiveMeasureGreaterThan' || condition === 'objectiveMeasureLessThan';
  return {
    condition,
    ...(operator === 'not' ? { operator } : {}),
    ...(referencedObjective !== undefined ? { referencedObjective } : {}),
    ...(measured ? { parameters: { threshold: threshold ?? 0 } } : {}),
  };
}

function sequencingRule<A extends string>(
  where: string,
  element: XmlElement,
  actions: readonly A[],
): SequencingRuleSettings<A> {
  const conditionsElement = childOf(element, 'imsss', 'ruleConditions');
  const actionElement = childOf(element, 'imsss', 'ruleAction');
  if (!conditionsElement || !actionElement) {
    throw new SequencingError(where, `<${element.name}> needs <ruleConditions> and <ruleAction>.`);
  }
  const combination = new AttributeReader(where, conditionsElement).token('conditionCombination', ['all', 'any']);
  const action = new AttributeReader(where, actionElement).token('action', actions);
  const conditions = childrenOf(conditionsElement, 'imsss', 'ruleCondition').map((c) => ruleCondition(where, c));
  if (!action) throw new SequencingError(where, `<${element.name}> has no action.`);
  if (conditions.length === 0) throw new SequencingError(where, `<${element.name}> has no <ruleCondition>.`);
  return { action, conditionCombination: combination ?? 'all', conditions };
}

function sequencingRules(where: string, element: XmlElement | undefined): Partial<SequencingRulesSettings> {
  const rules = <A extends string>(name: string, actions: readonly A[]) =>
    childrenOf(element, 'imsss', name).map((rule) => sequencingRule(where, rule, actions));
  const pre = rules('preConditionRule', PRE_ACTIONS);
  const exit = rules('exitConditionRule', EXIT_ACTIONS);
  const post = rules('postConditionRule', POST_ACTIONS);
  return definedOnly({
    preConditionRules: pre.length ? pre : undefined,
    exitConditionRules: exit.length ? exit : undefined,
    postConditionRules: post.length ? post : undefined,
  });
}

function rollupRule(where: string, element: XmlElement): RollupRuleSettings {
  const read = new AttributeReader(where, element);
  const conditionsElement = childOf(element, 'imsss', 'rollupConditions');
  const actionElement = childOf(element, 'imsss', 'rollupAction');
  if (!conditionsElement || !actionElement) {
    throw new SequencingError(where, '<rollupRule> needs <rollupConditions> and <rollupAction>.');
  }
  const conditions = childrenOf(conditionsElement, 'imsss', 'rollupCondition').map((c) => {
    const cread = new AttributeReader(where, c);
    const condition = cread.token('condition', ROLLUP_CONDITIONS) ?? cread.fail('<rollupCondition> has no condition.');
    if (UNSUPPORTED_ROLLUP_CONDITIONS.includes(condition)) {
      cread.fail(`the rollup condition ${condition} is not supported by the portal's sequencing engine.`);
    }
    const operator = cread.token('operator', ['not', 'noOp'] as const);
    const type = (condition === 'activityProgressKnown' ? 'progressKnown' : condition) as RollupConditionType;
    return operator === 'not' ? { condition: type, operator } : { condition: type };
  });
  if (conditions.length === 0) throw new SequencingError(where, '<rollupRule> has no <rollupCondition>.');
  const action =
    new AttributeReader(where, actionElement).token('action', [
      'satisfied',
      'notSatisfied',
      'completed',
      'incomplete',
    ] as const) ?? read.fail('<rollupAction> has no action.');
  const percent = read.decimal('minimumPercent', 0, 1) ?? 0;
  return {
    action,
    consideration:
      read.token('childActivitySet', ['all', 'any', 'none', 'atLeastCount', 'atLeastPercent'] as const) ?? 'all',
    minimumCount: read.count('minimumCount') ?? 0,
    // scorm-again counts percent from 0 to 100; the manifest from 0 to 1.
    minimumPercent: Math.round(percent * 1e6) / 1e4,
    conditionCombination:
      new AttributeReader(where, conditionsElement).token('conditionCombination', ['all', 'any'] as const) ?? 'any',
    conditions,
  };
}

function mapParts(where: string, element: XmlElement, flags: readonly string[]): MapParts {
  const read = new AttributeReader(where, element);
  const targetObjectiveID =
    read.anyUri('targetObjectiveID') ?? read.fail(`<${element.name}> has no targetObjectiveID.`);
  const stated = Object.fromEntries(flags.map((flag) => [flag, read.boolean(flag)]));
  return { targetObjectiveID, flags: definedOnly(stated) as Record<string, boolean> };
}

function objective(where: string, element: XmlElement, primary: boolean): ObjectiveParts {
  const read = new AttributeReader(where, element);
  const objectiveID = read.anyUri('objectiveID') ?? '';
  if (!primary && !objectiveID) read.fail('an <objective> has no objectiveID.');
  const maps = childrenOf(element, 'imsss', 'mapInfo').map((map) => mapParts(where, map, IMSSS_MAP_FLAGS));
  if (!objectiveID && maps.length)
    read.fail('the primary objective maps to a global objective but has no objectiveID.');
  const measureElement = childOf(element, 'imsss', 'minNormalizedMeasure');
  const measure = measureElement?.text;
  return definedOnly({
    objectiveID,
    satisfiedByMeasure: read.boolean('satisfiedByMeasure'),
    minNormalizedMeasure: measure ? decimalIn(read, '<minNormalizedMeasure>', measure, -1, 1) : undefined,
    maps,
  }) as ObjectiveParts;
}

/** Reads an `imsss:sequencing` element (of an item, the organisation, or the sequencing collection). */
export function readSequencingElement(where: string, element: XmlElement): SequencingParts {
  const at = (ns: 'imsss' | 'adlseq', name: string) => {
    const child = childOf(element, ns, name);
    return child && new AttributeReader(where, child);
  };
  const controlMode = at('imsss', 'controlMode');
  const rollup = at('imsss', 'rollupRules');
  const randomization = at('imsss', 'randomizationControls');
  const constrained = at('adlseq', 'constrainedChoiceConsiderations');
  const delivery = at('imsss', 'deliveryControls');
  const limits = at('imsss', 'limitConditions');
  const considerations = at('adlseq', 'rollupConsiderations');
  for (const unsupported of ['attemptExperiencedDurationLimit', 'activityExperiencedDurationLimit']) {
    if (limits?.string(unsupported) !== undefined) {
      limits.fail(`the limit condition ${unsupported} is not supported by the portal's sequencing engine.`);
    }
  }
  const rollupElement = childOf(element, 'imsss', 'rollupRules');
  const rollupRules = childrenOf(rollupElement, 'imsss', 'rollupRule').map((rule) => rollupRule(where, rule));
  const objectivesElement = childOf(element, 'imsss', 'objectives');
  const primaryElement = childOf(objectivesElement, 'imsss', 'primaryObjective');
  if (objectivesElement && !primaryElement) throw new SequencingError(where, '<objectives> has no <primaryObjective>.');
  return {
    controls: {
      ...(controlMode && CONTROL_MODE_DEFAULTS),
      ...(constrained && CONSTRAINED_CHOICE_DEFAULTS),
      ...(rollup && ROLLUP_RULES_DEFAULTS),
      ...(randomization && RANDOMIZATION_DEFAULTS),
      ...definedOnly({
        choice: controlMode?.boolean('choice'),
        choiceExit: controlMode?.boolean('choiceExit'),
        flow: controlMode?.boolean('flow'),
        forwardOnly: controlMode?.boolean('forwardOnly'),
        useCurrentAttemptObjectiveInfo: controlMode?.boolean('useCurrentAttemptObjectiveInfo'),
        useCurrentAttemptProgressInfo: controlMode?.boolean('useCurrentAttemptProgressInfo'),
        preventActivation: constrained?.boolean('preventActivation'),
        constrainChoice: constrained?.boolean('constrainChoice'),
        rollupObjectiveSatisfied: rollup?.boolean('rollupObjectiveSatisfied'),
        rollupProgressCompletion: rollup?.boolean('rollupProgressCompletion'),
        objectiveMeasureWeight: rollup?.decimal('objectiveMeasureWeight', 0, 1),
        selectionTiming: randomization?.token('selectionTiming', TIMINGS),
        selectCount: randomization?.count('selectCount'),
        randomizationTiming: randomization?.token('randomizationTiming', TIMINGS),
        randomizeChildren: randomization?.boolean('reorderChildren'),
      }),
    },
    delivery: {
      ...(delivery && DELIVERY_DEFAULTS),
      ...definedOnly({
        tracked: delivery?.boolean('tracked'),
        completionSetByContent: delivery?.boolean('completionSetByContent'),
        objectiveSetByContent: delivery?.boolean('objectiveSetByContent'),
      }),
    },
    limits: definedOnly({
      attemptLimit: limits?.count('attemptLimit'),
      attemptAbsoluteDurationLimit: limits?.duration('attemptAbsoluteDurationLimit'),
      activityAbsoluteDurationLimit: limits?.duration('activityAbsoluteDurationLimit'),
      beginTimeLimit: limits?.dateTime('beginTimeLimit'),
      endTimeLimit: limits?.dateTime('endTimeLimit'),
    }),
    considerations: {
      ...(considerations && CONSIDERATIONS_DEFAULTS),
      ...definedOnly({
        requiredForSatisfied: considerations?.token('requiredForSatisfied', REQUIREMENTS),
        requiredForNotSatisfied: considerations?.token('requiredForNotSatisfied', REQUIREMENTS),
        requiredForCompleted: considerations?.token('requiredForCompleted', REQUIREMENTS),
        requiredForIncomplete: considerations?.token('requiredForIncomplete', REQUIREMENTS),
        measureSatisfactionIfActive: considerations?.boolean('measureSatisfactionIfActive'),
      }),
    },
    rules: sequencingRules(where, childOf(element, 'imsss', 'sequencingRules')),
    // An empty <rollupRules> of the activity still replaces the rules of the collection member it references.
    ...(rollupElement ? { rollupRules } : {}),
    ...(primaryElement
      ? {
          objectives: {
            primary: objective(where, primaryElement, true),
            secondary: childrenOf(objectivesElement, 'imsss', 'objective').map((o) => objective(where, o, false)),
          },
        }
      : {}),
    adlObjectives: childrenOf(childOf(element, 'adlseq', 'objectives'), 'adlseq', 'objective').map((o) => {
      const read = new AttributeReader(where, o);
      return {
        objectiveID: read.anyUri('objectiveID') ?? read.fail('an <adlseq:objective> has no objectiveID.'),
        maps: childrenOf(o, 'adlseq', 'mapInfo').map((map) => mapParts(where, map, ADLSEQ_MAP_FLAGS)),
      };
    }),
  };
}

/**
 * An activity's own sequencing over the collection member it references (`IDRef`), as ADL's reference
 * implementation combines them: attributes one by one (those an element present leaves out at their schema values),
 * elements with content as a whole. The member's `adlseq:objectives`, when the activity states none, add their maps
 * to the objectives in effect, the activity's own ones included (ADL's OB-06 writes the raw score of an item's
 * primary objective through its collection member's map); those that name none of these objectives are left out.
 */
export function overlay(base: SequencingParts, own: SequencingParts): SequencingParts {
  const objectives = own.objectives ?? base.objectives;
  const declared = new Set(
    [objectives?.primary, ...(objectives?.secondary ?? [])].map((objective) => objective?.objectiveID),
  );
  return {
    controls: { ...base.controls, ...own.controls },
    delivery: { ...base.delivery, ...own.delivery },
    limits: { ...base.limits, ...own.limits },
    considerations: { ...base.considerations, ...own.considerations },
    rules: { ...base.rules, ...own.rules },
    ...(own.rollupRules || base.rollupRules ? { rollupRules: own.rollupRules ?? base.rollupRules } : {}),
    ...(objectives ? { objectives } : {}),
    adlObjectives: own.adlObjectives.length
      ? own.adlObjectives
      : base.adlObjectives.filter((adl) => declared.has(adl.objectiveID)),
  };
}
