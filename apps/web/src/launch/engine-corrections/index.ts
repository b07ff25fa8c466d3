import type { Scorm2004API } from 'scorm-again';
import { scopeGlobalObjectivesToTheRootsAttempt } from './attempt-scoped-objectives';
import { turnBackAtTheEndOfAForwardOnlyCluster } from './backward-flow';
import { takeChoicesAsTheBookHasIt } from './choice';
import { completeByProgressMeasure } from './completion-by-measure';
import { measureDurationsNotLimits } from './durations';
import { rollUpEndedClusters } from './ended-cluster-rollup';
import { forwardOnlyAsTheBookHasIt } from './forward-only';
import { endTheAttemptBeforeAJump } from './jump';
import { checkLimitsOfEndedAttemptsOnly } from './limit-conditions';
import { rollUpMeasuresAsTheSnBook } from './measure-rollup';
import { objectiveDefaultOnlyWithoutRules } from './objective-rollup-default';
import { reportsWinOverPrimaryObjectiveEntry } from './primary-objective-entry';
import { completeWithReadStatus } from './read-completion';
import { keepReportedCompletion } from './reported-completion';
import { rollupConsiderationsAsTheBook } from './rollup-considerations';
import { rollupRulesWithUnknowns } from './rollup-unknowns';
import { keepUnnamedPrimaryObjectives, type ObjectiveBuilder } from './unnamed-primary-objectives';
import { untrackedProgressUnknown } from './untracked-progress';
import { noRollupIntoUntracked } from './untracked-rollup';

type Choice = Parameters<typeof takeChoicesAsTheBookHasIt>;
type Measures = Parameters<typeof rollUpMeasuresAsTheSnBook>;
type Tree = Parameters<typeof keepUnnamedPrimaryObjectives>[1];
type TreeSettings = Parameters<typeof keepUnnamedPrimaryObjectives>[2];

/** The engine's objects through which the corrections reach its classes (which scorm-again does not export). */
interface EngineService {
  getSequencingState(): { rootActivity: Tree | null };
  getOverallSequencingProcess():
    | (Parameters<typeof scopeGlobalObjectivesToTheRootsAttempt>[0] & {
        terminationHandler: Parameters<typeof rollUpEndedClusters>[0];
        sequencingProcess: Choice[0] &
          Parameters<typeof forwardOnlyAsTheBookHasIt>[1] & {
            getRuleEngine(): object;
            traversalService: Parameters<typeof turnBackAtTheEndOfAForwardOnlyCluster>[0];
          };
        navigationValidityService: Choice[1] &
          Parameters<typeof endTheAttemptBeforeAJump>[0] &
          Parameters<typeof forwardOnlyAsTheBookHasIt>[0];
        deliveryValidator: object;
      })
    | null;
  rollupProcess: {
    getMeasureProcessor(): Measures[0];
    getObjectiveProcessor(): Measures[1];
    getProgressProcessor(): object;
    getRuleEvaluator(): object;
    getChildFilter(): object;
  };
}

/**
 * The project's corrections of scorm-again's sequencing engine, each a defect ADL's test cases show
 * (docs/sequencing.md, "Engine corrections"), applied to the engine of `api` once it has built `activityTree`.
 * `objectivesGlobalToSystem` is the course's `adlseq:objectivesGlobalToSystem`.
 */
export function correctEngine(
  api: Scorm2004API,
  activityTree: Record<string, unknown>,
  objectivesGlobalToSystem: boolean,
): void {
  const service = api.getSequencingService() as unknown as EngineService | null;
  const root = service?.getSequencingState().rootActivity;
  const overall = service?.getOverallSequencingProcess();
  if (!root || !overall) return;
  const prototypeOf = (object: object) => Object.getPrototypeOf(object) as object;
  const rollup = service.rollupProcess;
  const builder = (api as unknown as { _activityTreeBuilder: ObjectiveBuilder })._activityTreeBuilder;
  measureDurationsNotLimits(prototypeOf(root));
  completeWithReadStatus(prototypeOf(root));
  completeByProgressMeasure(prototypeOf(root));
  untrackedProgressUnknown(root);
  keepUnnamedPrimaryObjectives(builder, root, activityTree as unknown as TreeSettings);
  keepReportedCompletion(prototypeOf(overall.terminationHandler));
  rollUpEndedClusters(overall.terminationHandler);
  takeChoicesAsTheBookHasIt(overall.sequencingProcess, overall.navigationValidityService);
  turnBackAtTheEndOfAForwardOnlyCluster(overall.sequencingProcess.traversalService);
  endTheAttemptBeforeAJump(overall.navigationValidityService);
  forwardOnlyAsTheBookHasIt(overall.navigationValidityService, overall.sequencingProcess);
  scopeGlobalObjectivesToTheRootsAttempt(overall, objectivesGlobalToSystem);
  checkLimitsOfEndedAttemptsOnly(
    prototypeOf(overall.sequencingProcess.getRuleEngine()),
    prototypeOf(overall.deliveryValidator),
  );
  reportsWinOverPrimaryObjectiveEntry(prototypeOf(service));
  // The measure rollup is replaced before the untracked correction wraps it.
  rollUpMeasuresAsTheSnBook(rollup.getMeasureProcessor(), rollup.getObjectiveProcessor());
  rollupRulesWithUnknowns(prototypeOf(rollup.getRuleEvaluator()));
  rollupConsiderationsAsTheBook(prototypeOf(rollup.getChildFilter()));
  objectiveDefaultOnlyWithoutRules(prototypeOf(rollup.getObjectiveProcessor()));
  noRollupIntoUntracked(rollup);
}
