const corrected = new WeakSet<object>();

interface ObjectiveTransfer {
  id: string;
  progress_measure: string;
  completion_status?: string;
  completion_status_was_set?: boolean;
}

interface TransferringService {
  getCMIDataForTransfer(): { objectives: ObjectiveTransfer[] } | null;
  configuration: { wasCMIElementSetByContent?(element: string): boolean };
  cmi: { objectives: { childArray: { id: string }[] } };
  sequencing: { getCurrentActivity(): { primaryObjective?: { id: string } | null } | null } | null;
}

/**
 * What a SCO reports of its attempt in `cmi.completion_status` and `cmi.progress_measure` is its activity's attempt
 * completion and progress, the primary objective's (SCORM 2004 4th Ed. RTE 4.2.4, 4.2.18, SN 4.2.1). At Terminate
 * scorm-again 3.4 copies the primary objective's `cmi.objectives` entry over them:
 * - a SCO that reports its completion "unknown" and its primary objective's entry "completed" ends with the objective
 *   completed, and its map writes "completed" to the global objective (ADL CO-13a expects the reported "unknown");
 * - a progress measure the SCO never wrote in that entry, only the value the LMS read into it at launch through an
 *   objective map (RTE 4.2.17, `readProgressMeasure`), replaces the SCO's own report, and the mapped global objective
 *   keeps the old measure (ADL CO-10, activity 2's second visit).
 * The SCO's own reports win, as scorm-again already lets its `cmi.success_status` and `cmi.score` win over an entry
 * it did not write.
 */
export function reportsWinOverPrimaryObjectiveEntry(servicePrototype: object): void {
  if (corrected.has(servicePrototype)) return;
  corrected.add(servicePrototype);
  const target = servicePrototype as TransferringService;
  const getCMIDataForTransfer = target.getCMIDataForTransfer;
  target.getCMIDataForTransfer = function (this: TransferringService) {
    const data = getCMIDataForTransfer.call(this);
    const primaryId = this.sequencing?.getCurrentActivity()?.primaryObjective?.id;
    if (!data || !primaryId) return data;
    const setByContent = (element: string) => this.configuration.wasCMIElementSetByContent?.(element) === true;
    const index = this.cmi.objectives.childArray.findIndex((objective) => objective.id === primaryId);
    const completionReported = setByContent('cmi.completion_status');
    const progressReported =
      setByContent('cmi.progress_measure') && index >= 0 && !setByContent(`cmi.objectives.${index}.progress_measure`);
    if (!completionReported && !progressReported) return data;
    return {
      ...data,
      objectives: data.objectives.map((objective) => {
        if (objective.id !== primaryId) return objective;
        const completion = completionReported ? { completion_status: 'unknown', completion_status_was_set: false } : {};
        return { ...objective, ...completion, ...(progressReported ? { progress_measure: '' } : {}) };
      }),
    };
  };
}
