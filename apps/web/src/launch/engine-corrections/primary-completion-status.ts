const corrected = new WeakSet<object>();

interface ObjectiveTransfer {
  id: string;
  completion_status?: string;
  completion_status_was_set?: boolean;
}

interface CompletionTransferringService {
  getCMIDataForTransfer(): { objectives: ObjectiveTransfer[] } | null;
  configuration: { wasCMIElementSetByContent?(element: string): boolean };
  sequencing: { getCurrentActivity(): { primaryObjective?: { id: string } | null } | null } | null;
}

/**
 * The completion status a SCO sets in `cmi.completion_status` is its activity's attempt completion, the primary
 * objective's (SCORM 2004 4th Ed. RTE 4.2.4, SN 4.2.1). scorm-again 3.4 copies the primary objective's
 * `cmi.objectives` entry over it when the SCO wrote both, so a SCO that reports its completion "unknown" and its
 * primary objective's entry "completed" ends with the objective completed and its map writes "completed" to the
 * global objective (ADL CO-13a expects the reported "unknown" to stand). When the SCO set `cmi.completion_status`,
 * the primary objective's entry does not carry a completion status of its own into the transfer.
 */
export function reportedCompletionStatusWins(servicePrototype: object): void {
  if (corrected.has(servicePrototype)) return;
  corrected.add(servicePrototype);
  const target = servicePrototype as CompletionTransferringService;
  const getCMIDataForTransfer = target.getCMIDataForTransfer;
  target.getCMIDataForTransfer = function (this: CompletionTransferringService) {
    const data = getCMIDataForTransfer.call(this);
    const primaryId = this.sequencing?.getCurrentActivity()?.primaryObjective?.id;
    if (!data || !primaryId || this.configuration.wasCMIElementSetByContent?.('cmi.completion_status') !== true) {
      return data;
    }
    return {
      ...data,
      objectives: data.objectives.map((objective) =>
        objective.id === primaryId
          ? { ...objective, completion_status: 'unknown', completion_status_was_set: false }
          : objective,
      ),
    };
  };
}
