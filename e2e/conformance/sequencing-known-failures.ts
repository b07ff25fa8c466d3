/**
 * ADL's sequencing test cases that fail through the player, each with the delivery where it first fails and why
 * (docs/courses.md, "Conformance"): defects of scorm-again 3.4's sequencing engine that the launch page does not
 * work around.
 */
export const SEQUENCING_KNOWN_FAILURES: { reason: string; cases: Record<string, string> }[] = [];
