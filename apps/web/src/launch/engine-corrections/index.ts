import type { Scorm2004API } from 'scorm-again';
import { measureDurationsNotLimits } from './durations';
import { objectiveDefaultOnlyWithoutRules } from './objective-rollup-default';
import { keepReportedUnknownCompletion } from './reported-unknown-completion';
import { skippedChildrenOutOfRollup } from './rollup-skipped-children';
import { rollupRulesWithUnknowns } from './rollup-unknowns';
import { noRollupIntoUntracked } from './untracked-rollup';

/**
 * The project's corrections of scorm-again's sequencing engine, each a defect ADL's test cases show
 * (docs/courses.md, "Sequencing conformance"), applied to the engine of `api` once its activity tree is built.
 */
export function correctEngine(api: Scorm2004API): void {
  const service = api.getSequencingService() as unknown as {
    getSequencingState(): { rootActivity: object | null };
    getOverallSequencingProcess(): { terminationHandler: object } | null;
    rollupProcess: {
      getRuleEvaluator(): object;
      getChildFilter(): object;
      getMeasureProcessor(): object;
      getObjectiveProcessor(): object;
      getProgressProcessor(): object;
    };
  } | null;
  // The engine's classes are not exported: they are reached through its objects, an activity and its rollup process.
  const root = service?.getSequencingState().rootActivity;
  if (!root) return;
  measureDurationsNotLimits(Object.getPrototypeOf(root) as object);
  const rollup = service.rollupProcess;
  rollupRulesWithUnknowns(Object.getPrototypeOf(rollup.getRuleEvaluator()) as object);
  skippedChildrenOutOfRollup(Object.getPrototypeOf(rollup.getChildFilter()) as object);
  objectiveDefaultOnlyWithoutRules(Object.getPrototypeOf(rollup.getObjectiveProcessor()) as object);
  noRollupIntoUntracked(rollup);
  const overall = service.getOverallSequencingProcess();
  if (overall) keepReportedUnknownCompletion(Object.getPrototypeOf(overall.terminationHandler) as object);
}
