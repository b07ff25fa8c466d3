const corrected = new WeakSet<object>();

interface ObjectiveTransfer {
  id: string;
  progress_measure: string;
}

interface ProgressTransferringService {
  getCMIDataForTransfer(): { objectives: ObjectiveTransfer[] } | null;
  configuration: { wasCMIElementSetByContent?(element: string): boolean };
  cmi: { objectives: { childArray: { id: string }[] } };
  sequencing: { getCurrentActivity(): { primaryObjective?: { id: string } | null } | null } | null;
}

/**
 * What a SCO reports of its attempt reaches the activity when it terminates (SCORM 2004 4th Ed. RTE 4.2.18
 * cmi.progress_measure, 4.2.17 cmi.objectives): the primary objective's progress measure is the SCO's
 * `cmi.progress_measure`. scorm-again 3.4 then copies the primary objective's `cmi.objectives` entry over it, also
 * when the SCO never wrote that entry's progress measure and it only holds the value the LMS read into it at launch
 * through an objective map (RTE 4.2.17, `readProgressMeasure`): the SCO's own report is lost and the mapped global
 * objective keeps the old measure (ADL CO-10, activity 2's second visit). scorm-again already lets the SCO's
 * `cmi.completion_status`, `cmi.success_status` and `cmi.score` win over a primary objective entry it did not write;
 * the progress measure is given the same precedence.
 */
export function reportedProgressMeasureWins(servicePrototype: object): void {
  if (corrected.has(servicePrototype)) return;
  corrected.add(servicePrototype);
  const target = servicePrototype as ProgressTransferringService;
  const getCMIDataForTransfer = target.getCMIDataForTransfer;
  target.getCMIDataForTransfer = function (this: ProgressTransferringService) {
    const data = getCMIDataForTransfer.call(this);
    const setByContent = (element: string) => this.configuration.wasCMIElementSetByContent?.(element) === true;
    const primaryId = this.sequencing?.getCurrentActivity()?.primaryObjective?.id;
    if (!data || !primaryId || !setByContent('cmi.progress_measure')) return data;
    const index = this.cmi.objectives.childArray.findIndex((objective) => objective.id === primaryId);
    if (index < 0 || setByContent(`cmi.objectives.${index}.progress_measure`)) return data;
    return {
      ...data,
      objectives: data.objectives.map((objective) =>
        objective.id === primaryId ? { ...objective, progress_measure: '' } : objective,
      ),
    };
  };
}
