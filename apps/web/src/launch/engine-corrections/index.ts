import type { Scorm2004API } from 'scorm-again';
import { measureDurationsNotLimits } from './durations';
import { jumpExitsTheCurrentActivity } from './jump-exits';
import { checkLimitsOfEndedAttemptsOnly } from './limit-conditions';
import { reportedProgressMeasureWins } from './primary-progress-measure';

/** The parts of scorm-again's sequencing service the corrections reach. */
interface CorrectedService {
  getSequencingState(): { rootActivity: object | null };
  getOverallSequencingProcess(): {
    sequencingProcess: { getRuleEngine(): object } | null;
    deliveryValidator: object;
    navigationValidityService: object;
  } | null;
}

/**
 * The project's corrections of scorm-again's sequencing engine, each a defect ADL's test cases show
 * (docs/courses.md, "Sequencing conformance"), applied to the engine of `api` once its activity tree is built.
 */
export function correctEngine(api: Scorm2004API): void {
  const service = api.getSequencingService() as unknown as CorrectedService | null;
  // The engine's classes are not exported: they are reached through the objects of this tree.
  const root = service?.getSequencingState().rootActivity;
  if (!service || !root) return;
  measureDurationsNotLimits(Object.getPrototypeOf(root) as object);
  reportedProgressMeasureWins(Object.getPrototypeOf(service) as object);
  const process = service.getOverallSequencingProcess();
  if (!process) return;
  jumpExitsTheCurrentActivity(Object.getPrototypeOf(process.navigationValidityService) as object);
  const ruleEngine = process.sequencingProcess?.getRuleEngine();
  if (ruleEngine) {
    checkLimitsOfEndedAttemptsOnly(
      Object.getPrototypeOf(ruleEngine) as object,
      Object.getPrototypeOf(process.deliveryValidator) as object,
    );
  }
}
