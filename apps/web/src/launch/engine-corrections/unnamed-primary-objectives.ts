/** The manifest's settings of an activity, as the parser stores them: only what this correction reads. */
interface ActivitySettings {
  id: string;
  primaryObjective?: { objectiveID: string };
  children?: ActivitySettings[];
}

interface EngineActivity {
  id: string;
  children: EngineActivity[];
  primaryObjective: object | null;
}

/** scorm-again's activity tree builder, which makes an activity objective from its settings. */
export interface ObjectiveBuilder {
  createActivityObjectiveFromSettings(settings: object, isPrimary: boolean): object;
}

/**
 * Every activity has a primary objective, and its `objectiveID` is optional (SCORM 2004 CAM 5.1.9.2): without one,
 * the objective still holds the activity's satisfaction settings (satisfiedByMeasure, minNormalizedMeasure, used by
 * the objective rollup using measure, SN RB.1.2.a, and the SCO's measure evaluation) and is just not shown to the SCO
 * in `cmi.objectives` (RTE 4.2.17). scorm-again 3.4's tree builder drops a primary objective without an id, so a
 * cluster satisfied by measure never becomes satisfied (ADL MS-05a, MS-06). The objective is built with its empty
 * id, which the engine already keeps out of `cmi.objectives`.
 */
export function keepUnnamedPrimaryObjectives(
  builder: ObjectiveBuilder,
  root: EngineActivity,
  settings: ActivitySettings,
): void {
  const objective = settings.primaryObjective;
  if (objective && !objective.objectiveID && !root.primaryObjective) {
    root.primaryObjective = builder.createActivityObjectiveFromSettings(objective, true);
  }
  for (const child of settings.children ?? []) {
    const activity = root.children.find((a) => a.id === child.id);
    if (activity) keepUnnamedPrimaryObjectives(builder, activity, child);
  }
}
