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
    if (node === null || typeof node !== 'object') return undefined;
    const entries = (node as { childArray?: unknown }).childArray;
    if (Array.isArray(entries) && /^\d+$/.test(token)) {
      node = entries[Number(token)];
      continue;
    }
    if (!(token in node)) return undefined;
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

/** Collections whose entries a SCO creates by index (SCORM 2004 RTE 4.1.2); `objectives` and `interactions` by id. */
const COLLECTIONS = new Set([
  'objectives',
  'interactions',
  'comments_from_learner',
  'comments_from_lms',
  'correct_responses',
]);
const CREATED_BY_ID = new Set(['objectives', 'interactions']);

/**
 * SCORM 2004 RTE 4.1.2 and 3.1.7.6 on collection indexes, which scorm-again 3.x only partly applies: GetValue of an
 * entry the collection does not hold (an index at or past `_count`, or not written as a plain number) is a general get
 * failure (301); SetValue past the next free index, or with such an index, a general set failure (351); and a new
 * objective or interaction must get its `id` first (408, data model dependency not established).
 */
export function checkCollectionIndexes(api: ScormDataModelAccess): void {
  const getCMIValue = api.getCMIValue.bind(api);
  const setCMIValue = api.setCMIValue.bind(api);
  const count = (collection: string) => {
    try {
      return Number(getCMIValue(`${collection}._count`));
    } catch {
      return NaN;
    }
  };
  /**
   * The error the element's indexes make, if any; for a SetValue that creates an entry, the collection and its size
   * before (scorm-again adds the entry even when it then refuses the value, which leaves an entry without its id).
   */
  const indexCheck = (element: string, setting: boolean): { error?: number; creates?: [string, number] } => {
    const tokens = element.split('.');
    for (let i = 1; i < tokens.length - 1; i++) {
      if (!COLLECTIONS.has(tokens[i - 1]!) || tokens[i]!.startsWith('_')) continue;
      const index = tokens[i]!;
      const collection = tokens.slice(0, i).join('.');
      const size = count(collection);
      if (Number.isNaN(size)) return {};
      if (!/^(0|[1-9]\d*)$/.test(index)) return { error: setting ? 351 : 301 };
      const n = Number(index);
      if (!setting) {
        if (n >= size) return { error: 301 };
        continue;
      }
      if (n > size) return { error: 351 };
      if (n === size) {
        const field = tokens.slice(i + 1).join('.');
        return CREATED_BY_ID.has(tokens[i - 1]!) && field !== 'id' ? { error: 408 } : { creates: [collection, size] };
      }
    }
    return {};
  };
  api.getCMIValue = (element) => {
    const { error } = indexCheck(element, false);
    if (error === undefined) return getCMIValue(element);
    api.throwSCORMError(element, error, `${element}: no such collection entry`);
    return '';
  };
  api.setCMIValue = (element, value) => {
    const { error, creates } = indexCheck(element, true);
    if (error !== undefined) {
      api.throwSCORMError(element, error, `${element}: not the next entry of its collection, or its id is not set`);
      return 'false';
    }
    let result = 'false';
    try {
      result = setCMIValue(element, value);
      return result;
    } finally {
      // scorm-again refuses a value by throwing, after it added the entry
      if (creates && result !== 'true') {
        const entries = (namedNode(api, creates[0]) as { childArray?: unknown[] } | undefined)?.childArray;
        if (entries && entries.length > creates[1]) entries.length = creates[1];
      }
    }
  };
}

/** An ISO 8601 duration as SCORM 2004's timeinterval: designators in order, a `T` only before a time part. */
const DURATION = /^P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
/** A URN (RFC 8141): `urn:`, a namespace identifier, `:`, and a specific string without white space. */
const URN = /^urn:[A-Za-z0-9][A-Za-z0-9-]{0,31}:\S+$/i;

/**
 * SCORM 2004 values scorm-again 3.x accepts although their type refuses them (406, type mismatch): durations
 * (`cmi.session_time`, an interaction's `latency`) without their `T`, or with a `T` and no time after it; and ids
 * that begin `urn:` but are no URN (RTE 4.1.1.6 long_identifier_type: a URI).
 */
export function refuseMalformedValues(api: ScormDataModelAccess): void {
  const setCMIValue = api.setCMIValue.bind(api);
  api.setCMIValue = (element, value) => {
    const text = String(value);
    const malformed =
      (/^cmi\.(session_time|interactions\.\d+\.latency)$/.test(element) && !DURATION.test(text)) ||
      (/^cmi\.(objectives|interactions)\.\d+\.(objectives\.\d+\.)?id$/.test(element) &&
        /^urn:/i.test(text) &&
        !URN.test(text));
    if (!malformed) return setCMIValue(element, value);
    api.throwSCORMError(element, 406, `${element}: ${text} is not of the element's type`);
    return 'false';
  };
}
