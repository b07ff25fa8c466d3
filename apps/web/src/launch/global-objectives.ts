import { courseRoutes } from '@portal/shared';
import type { Scorm2004API } from 'scorm-again';

type GlobalObjectiveState = courseRoutes.GlobalObjectiveState;

/** scorm-again's API and sequencing process as far as they hold the global objective map (SN 3.10.3). */
interface GlobalObjectiveApi {
  restoreGlobalObjectiveSnapshot(snapshot: Record<string, GlobalObjectiveState>): void;
  getSequencingService(): {
    getOverallSequencingProcess(): { getGlobalObjectiveMapSnapshot(): Record<string, Record<string, unknown>> } | null;
  } | null;
}

const FIELDS = courseRoutes.globalObjectiveState.shape;

/**
 * Loads the learner's global objectives into the engine's map: each id's tracking state replaces what the map held
 * (the attempt's saved copy, or nothing yet), while the course's own read and write flags of the objective stay.
 */
export function restoreGlobalObjectives(api: Scorm2004API, states: Record<string, GlobalObjectiveState>): void {
  if (Object.keys(states).length === 0) return;
  (api as unknown as GlobalObjectiveApi).restoreGlobalObjectiveSnapshot(states);
}

/**
 * The tracking state of the named global objectives in the engine's map, as a commit carries them: only the known
 * fields, each left out when its value is not one the server takes.
 */
export function globalObjectivesOf(api: Scorm2004API, ids: string[]): Record<string, GlobalObjectiveState> {
  const map =
    (api as unknown as GlobalObjectiveApi)
      .getSequencingService()
      ?.getOverallSequencingProcess()
      ?.getGlobalObjectiveMapSnapshot() ?? {};
  const states: Record<string, GlobalObjectiveState> = {};
  for (const id of ids) {
    const entry = map[id];
    if (!entry) continue;
    const state: Record<string, unknown> = {};
    for (const [field, schema] of Object.entries(FIELDS)) {
      if (entry[field] !== undefined && schema.safeParse(entry[field]).success) state[field] = entry[field];
    }
    states[id] = state as GlobalObjectiveState;
  }
  return states;
}
