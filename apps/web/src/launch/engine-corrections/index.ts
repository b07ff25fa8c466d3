import type { Scorm2004API } from 'scorm-again';
import { turnBackAtTheEndOfAForwardOnlyCluster } from './backward-flow';
import { takeChoicesAsTheBookHasIt } from './choice';
import { measureDurationsNotLimits } from './durations';

type ChoiceCorrected = Parameters<typeof takeChoicesAsTheBookHasIt>;
type FlowTraversal = Parameters<typeof turnBackAtTheEndOfAForwardOnlyCluster>[0];

/**
 * The project's corrections of scorm-again's sequencing engine, each a defect ADL's test cases show
 * (docs/courses.md, "Sequencing conformance"), applied to the engine of `api` once its activity tree is built.
 */
export function correctEngine(api: Scorm2004API): void {
  const service = api.getSequencingService() as unknown as {
    getSequencingState(): { rootActivity: object | null };
    getOverallSequencingProcess(): {
      sequencingProcess: ChoiceCorrected[0] & { traversalService: FlowTraversal };
      navigationValidityService: ChoiceCorrected[1];
    } | null;
  } | null;
  // The engine's classes are not exported: they are reached through the objects of this tree.
  const root = service?.getSequencingState().rootActivity;
  const overall = service?.getOverallSequencingProcess();
  if (!root || !overall) return;
  measureDurationsNotLimits(Object.getPrototypeOf(root) as object);
  takeChoicesAsTheBookHasIt(overall.sequencingProcess, overall.navigationValidityService);
  turnBackAtTheEndOfAForwardOnlyCluster(overall.sequencingProcess.traversalService);
}
