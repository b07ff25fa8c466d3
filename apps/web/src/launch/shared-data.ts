import type { courseRoutes } from '@portal/shared';

type CourseLaunch = courseRoutes.CourseLaunch;

/** The part of scorm-again's SCORM 2004 API that holds `adl.data` (SCORM 2004 RTE 4.3, shared data). */
export interface SharedDataApi {
  adl: {
    configureSharedDataMaps(maps: courseRoutes.SharedDataMap[]): void;
    restoreSharedDataSnapshot(stores: Record<string, string>): void;
  };
}

/** Gives a SCO its `adl.data`: the buckets its manifest item maps, holding the learner's stores. */
export function seedSharedData(api: SharedDataApi, launch: CourseLaunch, scoId: string): void {
  api.adl.configureSharedDataMaps(launch.shared_data.maps[scoId] ?? []);
  api.adl.restoreSharedDataSnapshot(launch.shared_data.stores);
}

/**
 * Splits a commit of scorm-again's SCORM 2004 API into the SCO's data model and the shared data it wrote
 * (`sharedData`: the buckets it may write and has set). The written stores are the launch's from then on, so a
 * later SCO of the same launch reads them; an emptied one is gone.
 */
export function splitSharedData(
  launch: CourseLaunch,
  params: Record<string, unknown>,
): { cmi: Record<string, unknown>; shared?: Record<string, string> } {
  // `adl` repeats the visible buckets beside the data model; the stores travel once, as shared data.
  const { sharedData, adl: _adl, ...cmi } = params;
  if (!sharedData || typeof sharedData !== 'object') return { cmi };
  const shared = sharedData as Record<string, string>;
  for (const [target, store] of Object.entries(shared)) {
    // an empty store holds nothing (scorm-rules.ts, emptySharedStoreIsUnset)
    if (store === '') delete launch.shared_data.stores[target];
    else launch.shared_data.stores[target] = store;
  }
  return { cmi, shared };
}
