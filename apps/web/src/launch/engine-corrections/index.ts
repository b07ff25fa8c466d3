import type { Scorm2004API } from 'scorm-again';
import { measureDurationsNotLimits } from './durations';
import { rollUpEndedClusters } from './ended-cluster-rollup';
import { rollUpMeasuresAsTheSnBook } from './measure-rollup';
import { keepUnnamedPrimaryObjectives, type ObjectiveBuilder } from './unnamed-primary-objectives';

type Processors = Parameters<typeof rollUpMeasuresAsTheSnBook>;
type Tree = Parameters<typeof keepUnnamedPrimaryObjectives>[1];
type TreeSettings = Parameters<typeof keepUnnamedPrimaryObjectives>[2];

/** The parts of scorm-again's sequencing service the corrections reach. */
interface Service {
  getSequencingState(): { rootActivity: Tree | null };
  getOverallSequencingProcess(): { terminationHandler: Parameters<typeof rollUpEndedClusters>[0] } | null;
  rollupProcess: { getMeasureProcessor(): Processors[0]; getObjectiveProcessor(): Processors[1] };
}

/**
 * The project's corrections of scorm-again's sequencing engine, each a defect ADL's test cases show
 * (docs/courses.md, "Sequencing conformance"), applied to the engine of `api` once it has built `activityTree`.
 */
export function correctEngine(api: Scorm2004API, activityTree: Record<string, unknown>): void {
  const service = api.getSequencingService() as unknown as Service | null;
  // The engine's classes are not exported: they are reached through the objects of this tree.
  const root = service?.getSequencingState().rootActivity;
  if (!root) return;
  measureDurationsNotLimits(Object.getPrototypeOf(root) as object);
  const rollup = service.rollupProcess;
  rollUpMeasuresAsTheSnBook(rollup.getMeasureProcessor(), rollup.getObjectiveProcessor());
  const builder = (api as unknown as { _activityTreeBuilder: ObjectiveBuilder })._activityTreeBuilder;
  keepUnnamedPrimaryObjectives(builder, root, activityTree as unknown as TreeSettings);
  const overall = service.getOverallSequencingProcess();
  if (overall) rollUpEndedClusters(overall.terminationHandler);
}
