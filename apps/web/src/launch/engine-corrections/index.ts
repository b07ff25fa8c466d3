import type { Scorm2004API } from 'scorm-again';
import { takeChoicesAsTheBookHasIt } from './choice';
import { measureDurationsNotLimits } from './durations';
import { objectiveDefaultOnlyWithoutRules } from './objective-rollup-default';
import { reportedProgressMeasureWins } from './primary-progress-measure';
import { keepReportedCompletion } from './reported-completion';
import { rollupRulesWithUnknowns } from './rollup-unknowns';
import { noRollupIntoUntracked } from './untracked-rollup';

type Choice = Parameters<typeof takeChoicesAsTheBookHasIt>;

/** The engine's objects through which the corrections reach its classes (which scorm-again does not export). */
interface EngineService {
  getSequencingState(): { rootActivity: object | null };
  getOverallSequencingProcess(): {
    terminationHandler: object;
    sequencingProcess: Choice[0];
    navigationValidityService: Choice[1];
  } | null;
  rollupProcess: Parameters<typeof noRollupIntoUntracked>[0] & {
    getRuleEvaluator(): object;
    getObjectiveProcessor(): object;
  };
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
  const rollup = service.rollupProcess;
  measureDurationsNotLimits(prototypeOf(root));
  keepReportedCompletion(prototypeOf(overall.terminationHandler));
  takeChoicesAsTheBookHasIt(overall.sequencingProcess, overall.navigationValidityService);
  reportedProgressMeasureWins(prototypeOf(service));
  rollupRulesWithUnknowns(prototypeOf(rollup.getRuleEvaluator()));
  objectiveDefaultOnlyWithoutRules(prototypeOf(rollup.getObjectiveProcessor()));
  noRollupIntoUntracked(rollup);
}
