import type { Scorm2004API } from 'scorm-again';
import { takeChoicesAsTheBookHasIt } from './choice';
import { measureDurationsNotLimits } from './durations';
import { reportedProgressMeasureWins } from './primary-progress-measure';
import { keepReportedCompletion } from './reported-completion';

type Choice = Parameters<typeof takeChoicesAsTheBookHasIt>;

/** The engine's objects through which the corrections reach its classes (which scorm-again does not export). */
interface EngineService {
  getSequencingState(): { rootActivity: object | null };
  getOverallSequencingProcess(): {
    terminationHandler: object;
    sequencingProcess: Choice[0];
    navigationValidityService: Choice[1];
  } | null;
}

/**
 * The project's corrections of scorm-again's sequencing engine, each a defect ADL's test cases show
 * (docs/sequencing.md, "Engine corrections"), applied to the engine of `api` once its activity tree is built.
 */
export function correctEngine(api: Scorm2004API): void {
  const service = api.getSequencingService() as unknown as EngineService | null;
  const root = service?.getSequencingState().rootActivity;
  const overall = service?.getOverallSequencingProcess();
  if (!root || !overall) return;
  const prototypeOf = (object: object) => Object.getPrototypeOf(object) as object;
  measureDurationsNotLimits(prototypeOf(root));
  keepReportedCompletion(prototypeOf(overall.terminationHandler));
  takeChoicesAsTheBookHasIt(overall.sequencingProcess, overall.navigationValidityService);
  reportedProgressMeasureWins(prototypeOf(service));
}
