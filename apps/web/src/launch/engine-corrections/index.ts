import type { Scorm2004API } from 'scorm-again';
import { measureDurationsNotLimits } from './durations';
import { rollUpMeasuresAsTheSnBook } from './measure-rollup';

type Processors = Parameters<typeof rollUpMeasuresAsTheSnBook>;

/** The parts of scorm-again's sequencing service the corrections reach. */
interface Service {
  getSequencingState(): { rootActivity: object | null };
  rollupProcess: { getMeasureProcessor(): Processors[0]; getObjectiveProcessor(): Processors[1] };
}

/**
 * The project's corrections of scorm-again's sequencing engine, each a defect ADL's test cases show
 * (docs/courses.md, "Sequencing conformance"), applied to the engine of `api` once its activity tree is built.
 */
export function correctEngine(api: Scorm2004API): void {
  const service = api.getSequencingService() as unknown as Service | null;
  // The engine's classes are not exported: they are reached through the objects of this tree.
  const root = service?.getSequencingState().rootActivity;
  if (!root) return;
  measureDurationsNotLimits(Object.getPrototypeOf(root) as object);
  const rollup = service.rollupProcess;
  rollUpMeasuresAsTheSnBook(rollup.getMeasureProcessor(), rollup.getObjectiveProcessor());
}
