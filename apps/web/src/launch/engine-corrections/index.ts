import type { Scorm2004API } from 'scorm-again';
import { completeByProgressMeasure } from './completion-by-measure';
import { measureDurationsNotLimits } from './durations';
import { completeWithReadStatus } from './read-completion';
import { untrackedProgressUnknown } from './untracked-progress';

/**
 * The project's corrections of scorm-again's sequencing engine, each a defect ADL's test cases show
 * (docs/courses.md, "Sequencing conformance"), applied to the engine of `api` once its activity tree is built.
 */
export function correctEngine(api: Scorm2004API): void {
  const service = api.getSequencingService() as unknown as {
    getSequencingState(): { rootActivity: object | null };
  } | null;
  // The engine's classes are not exported: they are reached through the objects of this tree.
  const root = service?.getSequencingState().rootActivity;
  if (!root) return;
  const activityPrototype = Object.getPrototypeOf(root) as object;
  measureDurationsNotLimits(activityPrototype);
  completeWithReadStatus(activityPrototype);
  completeByProgressMeasure(activityPrototype);
  untrackedProgressUnknown(root);
}
