import type { Scorm2004API } from 'scorm-again';
import { turnBackAtTheEndOfAForwardOnlyCluster } from './backward-flow';
import { takeChoicesAsTheBookHasIt } from './choice';
import { measureDurationsNotLimits } from './durations';
import { endTheAttemptBeforeAJump } from './jump';

/** The overall sequencing process's parts the corrections replace methods of. */
interface OverallProcess {
  sequencingProcess: Parameters<typeof takeChoicesAsTheBookHasIt>[0] & {
    traversalService: Parameters<typeof turnBackAtTheEndOfAForwardOnlyCluster>[0];
  };
  navigationValidityService: Parameters<typeof takeChoicesAsTheBookHasIt>[1] &
    Parameters<typeof endTheAttemptBeforeAJump>[0];
}

/**
 * The project's corrections of scorm-again's sequencing engine, each a defect ADL's test cases show
 * (docs/courses.md, "Sequencing conformance"), applied to the engine of `api` once its activity tree is built.
 */
export function correctEngine(api: Scorm2004API): void {
  const service = api.getSequencingService() as unknown as {
    getSequencingState(): { rootActivity: object | null };
    getOverallSequencingProcess(): OverallProcess | null;
  } | null;
  // The engine's classes are not exported: they are reached through the objects of this tree.
  const root = service?.getSequencingState().rootActivity;
  const overall = service?.getOverallSequencingProcess();
  if (!root || !overall) return;
  measureDurationsNotLimits(Object.getPrototypeOf(root) as object);
  takeChoicesAsTheBookHasIt(overall.sequencingProcess, overall.navigationValidityService);
  turnBackAtTheEndOfAForwardOnlyCluster(overall.sequencingProcess.traversalService);
  endTheAttemptBeforeAJump(overall.navigationValidityService);
}
