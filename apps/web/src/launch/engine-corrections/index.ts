import type { Scorm2004API } from 'scorm-again';
import { flowIntoChosenCluster } from './choice-flow';
import { measureDurationsNotLimits } from './durations';
import { keepReportedCompletion } from './reported-completion';

/** The engine's objects the corrections reach its classes through. */
interface EngineService {
  getSequencingState(): { rootActivity: object | null };
  getOverallSequencingProcess(): { terminationHandler: object; sequencingProcess: { choiceHandler: object } } | null;
}

/**
 * The project's corrections of scorm-again's sequencing engine, each a defect ADL's test cases show
 * (docs/courses.md, "Sequencing conformance"), applied to the engine of `api` once its activity tree is built.
 */
export function correctEngine(api: Scorm2004API): void {
  const service = api.getSequencingService() as unknown as EngineService | null;
  // The engine's classes are not exported: they are reached through the objects of this tree.
  const root = service?.getSequencingState().rootActivity;
  if (!root) return;
  measureDurationsNotLimits(Object.getPrototypeOf(root) as object);
  const process = service.getOverallSequencingProcess();
  if (!process) return;
  keepReportedCompletion(Object.getPrototypeOf(process.terminationHandler) as object);
  flowIntoChosenCluster(Object.getPrototypeOf(process.sequencingProcess.choiceHandler) as object);
}
