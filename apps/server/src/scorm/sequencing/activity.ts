import { ADLSEQ_MAP_FLAGS, type MapParts, type ObjectiveParts, type SequencingParts } from './sequencing-element.js';
import type { ActivitySettings, ObjectiveMapInfoSettings, ObjectiveSettings } from './types.js';
import { SequencingError } from './values.js';

type SequencingPart = Omit<
  ActivitySettings,
  'id' | 'title' | 'isVisible' | 'timeLimitAction' | 'completionThreshold' | 'hideLmsUi' | 'sharedDataMaps' | 'children'
>;

const IMSSS_MAP_DEFAULTS = {
  readSatisfiedStatus: true,
  readNormalizedMeasure: true,
  writeSatisfiedStatus: false,
  writeNormalizedMeasure: false,
};
const IMSSS_MAP_ABSENT = {
  readSatisfiedStatus: false,
  readNormalizedMeasure: false,
  writeSatisfiedStatus: false,
  writeNormalizedMeasure: false,
};
const adlseqFlags = (present: boolean) =>
  Object.fromEntries(ADLSEQ_MAP_FLAGS.map((flag) => [flag, present && flag.startsWith('read')]));

/** One objective's maps, `imsss:mapInfo` and `adlseq:mapInfo` of the same global objective in one entry. */
function mapInfo(where: string, objective: ObjectiveParts, adlMaps: MapParts[]): ObjectiveMapInfoSettings[] {
  const targets = new Map<string, { imsss?: MapParts; adlseq?: MapParts }>();
  const add = (map: MapParts, kind: 'imsss' | 'adlseq') => {
    const entry = targets.get(map.targetObjectiveID) ?? {};
    if (entry[kind]) {
      throw new SequencingError(
        where,
        `objective "${objective.objectiveID}" maps the global objective "${map.targetObjectiveID}" twice.`,
      );
    }
    targets.set(map.targetObjectiveID, { ...entry, [kind]: map });
  };
  for (const map of objective.maps) add(map, 'imsss');
  for (const map of adlMaps) add(map, 'adlseq');
  return [...targets].map(([targetObjectiveID, { imsss, adlseq }]) => ({
    targetObjectiveID,
    ...(imsss ? { ...IMSSS_MAP_DEFAULTS, ...imsss.flags } : IMSSS_MAP_ABSENT),
    ...adlseqFlags(!!adlseq),
    ...adlseq?.flags,
  })) as ObjectiveMapInfoSettings[];
}

function objectives(where: string, parts: SequencingParts) {
  const declared = parts.objectives ? [parts.objectives.primary, ...parts.objectives.secondary] : [];
  const ids = new Set<string>();
  for (const objective of declared) {
    if (!objective?.objectiveID) continue;
    if (ids.has(objective.objectiveID)) {
      throw new SequencingError(where, `the objective "${objective.objectiveID}" is declared twice.`);
    }
    ids.add(objective.objectiveID);
  }
  for (const adl of parts.adlObjectives) {
    if (!ids.has(adl.objectiveID)) {
      throw new SequencingError(where, `<adlseq:objective> "${adl.objectiveID}" names no objective of the activity.`);
    }
  }
  const settings = (objective: ObjectiveParts): ObjectiveSettings => ({
    objectiveID: objective.objectiveID,
    satisfiedByMeasure: objective.satisfiedByMeasure ?? false,
    minNormalizedMeasure: objective.minNormalizedMeasure ?? 1,
    mapInfo: mapInfo(
      where,
      objective,
      parts.adlObjectives.filter((adl) => adl.objectiveID === objective.objectiveID).flatMap((adl) => adl.maps),
    ),
  });
  return {
    ids,
    primary: parts.objectives?.primary && settings(parts.objectives.primary),
    secondary: (parts.objectives?.secondary ?? []).map(settings),
  };
}

/** An activity's sequencing with every SCORM 2004 default filled in, checked for references that go nowhere. */
export function completeSequencing(where: string, parts: SequencingParts): SequencingPart {
  const { ids, primary, secondary } = objectives(where, parts);
  const sequencingRules = {
    preConditionRules: parts.rules.preConditionRules ?? [],
    exitConditionRules: parts.rules.exitConditionRules ?? [],
    postConditionRules: parts.rules.postConditionRules ?? [],
  };
  for (const rule of Object.values(sequencingRules).flat()) {
    for (const { referencedObjective } of rule.conditions) {
      if (referencedObjective !== undefined && !ids.has(referencedObjective)) {
        throw new SequencingError(
          where,
          `a rule condition refers to the objective "${referencedObjective}", which the activity does not declare.`,
        );
      }
    }
  }
  const { limits, controls, delivery, considerations } = parts;
  return {
    // The CAM's attemptLimit 0 means no limit; scorm-again would count it as exceeded at once.
    attemptLimit: limits.attemptLimit || null,
    attemptAbsoluteDurationLimit: limits.attemptAbsoluteDurationLimit ?? null,
    activityAbsoluteDurationLimit: limits.activityAbsoluteDurationLimit ?? null,
    beginTimeLimit: limits.beginTimeLimit ?? null,
    endTimeLimit: limits.endTimeLimit ?? null,
    ...(primary ? { primaryObjective: primary } : {}),
    objectives: secondary,
    sequencingControls: {
      choice: controls.choice ?? true,
      choiceExit: controls.choiceExit ?? true,
      flow: controls.flow ?? false,
      forwardOnly: controls.forwardOnly ?? false,
      useCurrentAttemptObjectiveInfo: controls.useCurrentAttemptObjectiveInfo ?? true,
      useCurrentAttemptProgressInfo: controls.useCurrentAttemptProgressInfo ?? true,
      preventActivation: controls.preventActivation ?? false,
      constrainChoice: controls.constrainChoice ?? false,
      rollupObjectiveSatisfied: controls.rollupObjectiveSatisfied ?? true,
      rollupProgressCompletion: controls.rollupProgressCompletion ?? true,
      objectiveMeasureWeight: controls.objectiveMeasureWeight ?? 1,
      selectionTiming: controls.selectionTiming ?? 'never',
      selectCount: controls.selectCount ?? null,
      randomizationTiming: controls.randomizationTiming ?? 'never',
      randomizeChildren: controls.randomizeChildren ?? false,
    },
    deliveryControls: {
      tracked: delivery.tracked ?? true,
      completionSetByContent: delivery.completionSetByContent ?? false,
      objectiveSetByContent: delivery.objectiveSetByContent ?? false,
    },
    sequencingRules,
    rollupRules: { rules: parts.rollupRules ?? [] },
    rollupConsiderations: {
      requiredForSatisfied: considerations.requiredForSatisfied ?? 'always',
      requiredForNotSatisfied: considerations.requiredForNotSatisfied ?? 'always',
      requiredForCompleted: considerations.requiredForCompleted ?? 'always',
      requiredForIncomplete: considerations.requiredForIncomplete ?? 'always',
      measureSatisfactionIfActive: considerations.measureSatisfactionIfActive ?? true,
    },
  };
}
