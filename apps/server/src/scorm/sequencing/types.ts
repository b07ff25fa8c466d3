/**
 * A course version's activity tree in the shape of scorm-again's sequencing settings (`SequencingSettings` and
 * `ActivitySettings` of scorm-again 3.4), every value written out: scorm-again's own defaults differ from the
 * SCORM 2004 ones in places (flow, the read and write flags of an objective map), so nothing is left to them.
 * Sequencing collections are already applied to the activities that reference them.
 */
export interface CourseSequencing {
  /** The default organisation as the root activity, its items as the activities below it. */
  activityTree: ActivitySettings;
  /** What each leaf activity launches. */
  launches: Record<string, ActivityLaunch>;
  /** `adlseq:objectivesGlobalToSystem`: whether global objectives are shared with other courses. */
  objectivesGlobalToSystem: boolean;
  /** `adlcp:sharedDataGlobalToSystem`: whether shared data buckets are shared with other courses. */
  sharedDataGlobalToSystem: boolean;
}

export interface ActivityLaunch {
  /** Path inside the package (forward slashes, no leading slash) with the item's `parameters`. */
  href: string;
  /** An asset does not talk to the run-time API. */
  scormType: 'sco' | 'asset';
}

export type HideLmsUiItem = 'continue' | 'previous' | 'exit' | 'exitAll' | 'abandon' | 'abandonAll' | 'suspendAll';

export type TimeLimitAction = 'exit,message' | 'exit,no message' | 'continue,message' | 'continue,no message';

export interface ActivitySettings {
  id: string;
  title: string;
  isVisible: boolean;
  attemptLimit: number | null;
  attemptAbsoluteDurationLimit: string | null;
  activityAbsoluteDurationLimit: string | null;
  beginTimeLimit: string | null;
  endTimeLimit: string | null;
  timeLimitAction: TimeLimitAction | null;
  /** Absent when the manifest declares no primary objective; `objectiveID` is '' when it declares one without. */
  primaryObjective?: ObjectiveSettings;
  objectives: ObjectiveSettings[];
  sequencingControls: SequencingControlsSettings;
  deliveryControls: DeliveryControlsSettings;
  sequencingRules: SequencingRulesSettings;
  rollupRules: { rules: RollupRuleSettings[] };
  rollupConsiderations: RollupConsiderationsSettings;
  completionThreshold: CompletionThresholdSettings;
  hideLmsUi: HideLmsUiItem[];
  sharedDataMaps: SharedDataMapSettings[];
  children?: ActivitySettings[];
}

export interface SequencingControlsSettings {
  choice: boolean;
  choiceExit: boolean;
  flow: boolean;
  forwardOnly: boolean;
  useCurrentAttemptObjectiveInfo: boolean;
  useCurrentAttemptProgressInfo: boolean;
  preventActivation: boolean;
  constrainChoice: boolean;
  rollupObjectiveSatisfied: boolean;
  rollupProgressCompletion: boolean;
  objectiveMeasureWeight: number;
  selectionTiming: SelectionTiming;
  selectCount: number | null;
  randomizationTiming: SelectionTiming;
  /** The manifest's `reorderChildren` (scorm-again keeps its own `reorderChildren` as state). */
  randomizeChildren: boolean;
}

export type SelectionTiming = 'never' | 'once' | 'onEachNewAttempt';

export interface DeliveryControlsSettings {
  tracked: boolean;
  completionSetByContent: boolean;
  objectiveSetByContent: boolean;
}

export interface ObjectiveSettings {
  objectiveID: string;
  satisfiedByMeasure: boolean;
  minNormalizedMeasure: number;
  mapInfo: ObjectiveMapInfoSettings[];
}

/** One global objective an objective reads or writes: `imsss:mapInfo` and `adlseq:mapInfo` of one target merged. */
export interface ObjectiveMapInfoSettings {
  targetObjectiveID: string;
  readSatisfiedStatus: boolean;
  readNormalizedMeasure: boolean;
  writeSatisfiedStatus: boolean;
  writeNormalizedMeasure: boolean;
  readCompletionStatus: boolean;
  writeCompletionStatus: boolean;
  readProgressMeasure: boolean;
  writeProgressMeasure: boolean;
  readRawScore: boolean;
  writeRawScore: boolean;
  readMinScore: boolean;
  writeMinScore: boolean;
  readMaxScore: boolean;
  writeMaxScore: boolean;
}

export type RuleConditionType =
  | 'satisfied'
  | 'objectiveStatusKnown'
  | 'objectiveMeasureKnown'
  | 'objectiveMeasureGreaterThan'
  | 'objectiveMeasureLessThan'
  | 'completed'
  | 'activityProgressKnown'
  | 'attempted'
  | 'attemptLimitExceeded'
  | 'timeLimitExceeded'
  | 'outsideAvailableTimeRange'
  | 'always';

export interface RuleConditionSettings {
  condition: RuleConditionType;
  operator?: 'not';
  referencedObjective?: string;
  /** `measureThreshold`, for the two measure comparisons. */
  parameters?: { threshold: number };
}

export type PreConditionAction = 'skip' | 'disabled' | 'hiddenFromChoice' | 'stopForwardTraversal';
export type PostConditionAction = 'exitParent' | 'exitAll' | 'retry' | 'retryAll' | 'continue' | 'previous';
export type ExitConditionAction = 'exit';

export interface SequencingRuleSettings<Action extends string = string> {
  action: Action;
  conditionCombination: 'all' | 'any';
  conditions: RuleConditionSettings[];
}

export interface SequencingRulesSettings {
  preConditionRules: SequencingRuleSettings<PreConditionAction>[];
  exitConditionRules: SequencingRuleSettings<ExitConditionAction>[];
  postConditionRules: SequencingRuleSettings<PostConditionAction>[];
}

/** scorm-again names the manifest's `activityProgressKnown` `progressKnown` in rollup conditions. */
export type RollupConditionType =
  | 'satisfied'
  | 'objectiveStatusKnown'
  | 'objectiveMeasureKnown'
  | 'completed'
  | 'progressKnown'
  | 'attempted'
  | 'attemptLimitExceeded';

export interface RollupRuleSettings {
  action: 'satisfied' | 'notSatisfied' | 'completed' | 'incomplete';
  consideration: 'all' | 'any' | 'none' | 'atLeastCount' | 'atLeastPercent';
  minimumCount: number;
  minimumPercent: number;
  conditionCombination: 'all' | 'any';
  conditions: { condition: RollupConditionType; operator?: 'not' }[];
}

export type RollupRequirement = 'always' | 'ifAttempted' | 'ifNotSkipped' | 'ifNotSuspended';

export interface RollupConsiderationsSettings {
  requiredForSatisfied: RollupRequirement;
  requiredForNotSatisfied: RollupRequirement;
  requiredForCompleted: RollupRequirement;
  requiredForIncomplete: RollupRequirement;
  measureSatisfactionIfActive: boolean;
}

export interface CompletionThresholdSettings {
  completedByMeasure: boolean;
  minProgressMeasure: number;
  progressWeight: number;
}

export interface SharedDataMapSettings {
  targetID: string;
  readSharedData: boolean;
  writeSharedData: boolean;
}
