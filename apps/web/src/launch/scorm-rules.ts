/** The part of scorm-again's SCORM 1.2 API the LMS-side rules touch. */
export interface Scorm12Model {
  cmi: { core: { lesson_status: string } };
  on(event: string, callback: (...args: unknown[]) => void): void;
}

/**
 * SCORM 1.2 RTE 3.4.4 (cmi.core.lesson_status, additional behaviour): a SCO need not set a status; when it
 * finishes (LMSFinish, or the learner navigates away) without having set one, the LMS sets it to "completed".
 * A SCO may never set "not attempted" itself, so a status still "not attempted" at LMSFinish is one the SCO
 * never set. scorm-again 3.x does not apply the rule (its own check treats the initial "not attempted" as set
 * by the SCO), which left content with only the minimum calls (LMSInitialize, LMSFinish) incomplete forever.
 * `onApplied` is told when the rule changed the status, to log it beside the content's own calls.
 */
export function completeUnsetStatusOnFinish(api: Scorm12Model, onApplied?: () => void): void {
  api.on('BeforeTerminate', () => {
    if (api.cmi.core.lesson_status === 'not attempted' || api.cmi.core.lesson_status === '') {
      api.cmi.core.lesson_status = 'completed';
      onApplied?.();
    }
  });
}

/** The part of scorm-again's API (either version) through which GetValue and SetValue reach the data model. */
export interface ScormDataModelAccess {
  getCMIValue(element: string): unknown;
  setCMIValue(element: string, value: unknown): string;
  throwSCORMError(element: string, errorNumber: number, message?: string): void;
}

/** What an element names in the API's data model: a value, a container of elements, or nothing known. */
function namedNode(api: object, element: string): unknown {
  let node: unknown = api;
  for (const token of element.split('.')) {
    if (node === null || typeof node !== 'object' || !(token in node)) return undefined;
    try {
      node = (node as Record<string, unknown>)[token];
    } catch {
      // a write-only element's getter refuses: it is a value, not a container
      return undefined;
    }
  }
  return node;
}

/**
 * Only leaf elements are data model elements (SCORM 2004 RTE 4.1.2, 1.2 RTE 3.4.2): GetValue / SetValue of a
 * container (`cmi`, `cmi.score`, `cmi.objectives`, `adl.data` …) is an undefined element, 401 in SCORM 2004 and
 * "invalid argument" 201 in 1.2. scorm-again 3.x answers a container's GetValue with its JSON and lets SetValue
 * replace it (`SetValue("cmi", "x")` returns "true" and breaks the run-time until the SCO is reloaded).
 */
export function refuseContainerElements(api: ScormDataModelAccess, errorNumber: 401 | 201): void {
  const getCMIValue = api.getCMIValue.bind(api);
  const setCMIValue = api.setCMIValue.bind(api);
  const isContainer = (element: string) => {
    const node = namedNode(api, element);
    return node !== null && typeof node === 'object';
  };
  api.getCMIValue = (element) => {
    if (!isContainer(element)) return getCMIValue(element);
    api.throwSCORMError(element, errorNumber, `${element} is not a data model element`);
    return '';
  };
  api.setCMIValue = (element, value) => {
    if (!isContainer(element)) return setCMIValue(element, value);
    api.throwSCORMError(element, errorNumber, `${element} is not a data model element`);
    return 'false';
  };
}
