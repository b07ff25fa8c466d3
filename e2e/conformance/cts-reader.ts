/**
 * Reads ADL's SCORM 2004 4th Edition LMS test cases (`../shared/conformance/scorm2004-cts/`, README there): a test
 * case's `.properties` file becomes the ordered deliveries the LMS must make, each with the API calls the test SCO
 * replays and what each call must answer, with the abbreviations of `Commands.properties` expanded.
 */

/** An API call as the replay SCO makes it (SCORM 2004 names; `compareObjIds` checks the manifest's objectives). */
export type ApiCall =
  | 'Initialize'
  | 'Terminate'
  | 'Commit'
  | 'GetValue'
  | 'SetValue'
  | 'GetLastError'
  | 'GetErrorString'
  | 'GetDiagnostic'
  | 'compareObjIds';

export interface Command {
  call: ApiCall;
  /**
   * The data model element of GetValue / SetValue (`&id&` stands for the index of the collection entry with that
   * id, as in ADL's data: `adl.data.&tarID_1&.store`); the argument of the other calls.
   */
  element: string;
  /** The value SetValue sets. */
  value?: string;
  /** For GetValue of an interaction's pattern or response: the interaction's type, which decides how values compare. */
  interactionType?: string;
  /** What the call must return; `less255` / `emptyCS` for GetErrorString and GetDiagnostic: shorter than 255 characters / empty. */
  expectedReturn: string;
  /** What GetLastError must answer right after the call. */
  expectedError: string;
}

/**
 * A question to the tester about the LMS's own interface during a delivery (`UIQ`, answered by `UIA`): the
 * question as ADL writes it (`continue.enabled`, `toc.visible@Activity 7`, …) and the answer it must have.
 */
export interface UiQuestion {
  question: string;
  answer: boolean;
}

/**
 * One delivery of an activity: its commands, the questions about the LMS's interface while it runs (if any), then the
 * learner's action in the LMS's own interface (`CUI`), if any.
 */
export interface Delivery {
  /** The activity's number in the test case (`1`, `2` … or `1a` / `1b` where a case spans two packages). */
  activity: string;
  visit: number;
  commands: Command[];
  questions: UiQuestion[];
  cui?: string;
}

export interface TestCase {
  id: string;
  /** The test case's header fields (`title`, `start`, `seqInfo` …). */
  info: Record<string, string>;
  deliveries: Delivery[];
  /**
   * Keys of command lines that name no API call, and of question lines whose answers do not pair with them (defects
   * of the data): listed, not replayed.
   */
  malformed: string[];
}

/** Parses a Java `.properties` text (ISO-8859-1 read as latin1): continuation lines, `\uXXXX` and other escapes. */
export function parseProperties(text: string): [string, string][] {
  const lines = text.split(/\r\n|\r|\n/);
  const entries: [string, string][] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!.replace(/^[ \t\f]+/, '');
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    while (endsWithOddBackslashes(line) && i + 1 < lines.length) {
      line = line.slice(0, -1) + lines[++i]!.replace(/^[ \t\f]+/, '');
    }
    if (endsWithOddBackslashes(line)) line = line.slice(0, -1);
    const split = keyEnd(line);
    const key = unescape(line.slice(0, split));
    const rest = line.slice(split).replace(/^[ \t\f]*[=:]?[ \t\f]*/, '');
    entries.push([key, unescape(rest)]);
  }
  return entries;
}

function endsWithOddBackslashes(line: string): boolean {
  let count = 0;
  for (let i = line.length - 1; i >= 0 && line[i] === '\\'; i--) count++;
  return count % 2 === 1;
}

function keyEnd(line: string): number {
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\\') i++;
    else if (c === '=' || c === ':' || c === ' ' || c === '\t' || c === '\f') return i;
  }
  return line.length;
}

const ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f' };

function unescape(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, escaped: string) =>
    escaped.length === 5 ? String.fromCharCode(parseInt(escaped.slice(1), 16)) : (ESCAPES[escaped] ?? escaped),
  );
}

const CALLS: Record<string, ApiCall> = {
  I: 'Initialize',
  T: 'Terminate',
  C: 'Commit',
  GET: 'GetValue',
  SET: 'SetValue',
  GLE: 'GetLastError',
  GES: 'GetErrorString',
  GeDi: 'GetDiagnostic',
  COI: 'compareObjIds',
};

/** Expected values ADL's evaluator checks by rule, not by equality (TestCaseEvaluator.evaluateGetErrorString). */
const RULES = new Set(['less255', 'emptyCS']);

/** The abbreviations of `Commands.properties` (its method names are replaced by `CALLS`). */
export function abbreviations(commandsProperties: string): Map<string, string> {
  return new Map(parseProperties(commandsProperties).filter(([key]) => !(key in CALLS)));
}

/**
 * Expands `~`-separated tokens: each one that is an abbreviation is replaced (`c~LOC` → `cmi.location`), `tar` takes
 * the next token as its target (`tar~activity_1~TY.c` → `{target=activity_1}choice`); the others stay as they are.
 */
function expandTokens(text: string, table: Map<string, string>): string {
  const tokens = text.split('~');
  let out = '';
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const afterTarget = out.endsWith('}');
    if (token === 'tar' && i + 1 < tokens.length) {
      out += (out && !afterTarget ? '.' : '') + table.get('tar')!.replace('%s', tokens[++i]!);
      continue;
    }
    out += (out && !afterTarget ? '.' : '') + (table.get(token) ?? token);
  }
  return out;
}

/** A value: one abbreviation (`X.s` → `suspend`), a target request (`tar~…`), or itself. */
function expandValue(value: string, table: Map<string, string>): string {
  if (value.startsWith('tar~')) return expandTokens(value, table);
  return table.get(value) ?? value;
}

/**
 * One `call->parameters->expected->error` line. Fields between the parameters and the last two are dropped, as ADL's
 * evaluator reads them: one line of DDM sets a store from `…09:28:22->0->t->0` and expects it back as `…09:28:22`.
 */
export function parseCommand(line: string, table: Map<string, string>): Command {
  const parts = line.split('->');
  const call = CALLS[parts[0]!];
  if (!call || parts.length < 2) throw new Error(`not a test command: ${line.slice(0, 80)}`);
  if (call === 'compareObjIds')
    return { call, element: parts.slice(1).join('->'), expectedReturn: '', expectedError: '' };
  if (parts.length < 4) throw new Error(`a test command without its expected result: ${line.slice(0, 80)}`);
  const expectedError = parts[parts.length - 1]!;
  const expected = parts[parts.length - 2]!;
  const parameters = parts[1]!;
  const expectedReturn = RULES.has(expected) ? expected : expandValue(expected, table);
  if (call !== 'GetValue' && call !== 'SetValue') return { call, element: parameters, expectedReturn, expectedError };
  const bang = parameters.indexOf('!');
  if (bang < 0) return { call, element: expandTokens(parameters, table), expectedReturn, expectedError };
  if (call === 'GetValue') {
    return {
      call,
      element: expandTokens(parameters.slice(0, bang), table),
      interactionType: expandValue(parameters.slice(bang + 1), table),
      expectedReturn,
      expectedError,
    };
  }
  return {
    call,
    element: parameters.slice(0, bang) === '' ? '' : expandTokens(parameters.slice(0, bang), table),
    value: expandValue(parameters.slice(bang + 1), table),
    expectedReturn,
    expectedError,
  };
}

const DELIVERY_KEY = /^Act(\w+?)V(\d+)\.(commands\.(\d+)|CUI|UIQ|UIA)$/;

/** A test case file as its ordered deliveries; the header fields go to `info`. */
export function readTestCase(id: string, text: string, table: Map<string, string>): TestCase {
  const info: Record<string, string> = {};
  const deliveries: Delivery[] = [];
  const malformed: string[] = [];
  const blocks: {
    key: string;
    delivery: Delivery;
    indexed: [number, Command][];
    asked: string[];
    answered: string[];
  }[] = [];
  const byKey = new Map<string, (typeof blocks)[number]>();
  let lastKey = '';
  for (const [key, value] of parseProperties(text)) {
    const match = DELIVERY_KEY.exec(key);
    if (!match) {
      info[key] = value;
      continue;
    }
    const [, activity, visit, kind, index] = match;
    const blockKey = `${activity}/${visit}`;
    let block = byKey.get(blockKey);
    // A block's key met again after another block is a delivery of its own (CM-09aa lists Act1V1 twice).
    if (!block || lastKey !== blockKey) {
      block = {
        key: `Act${activity}V${visit}`,
        delivery: { activity: activity!, visit: Number(visit), commands: [], questions: [] },
        indexed: [],
        asked: [],
        answered: [],
      };
      byKey.set(blockKey, block);
      blocks.push(block);
      deliveries.push(block.delivery);
    }
    lastKey = blockKey;
    if (kind === 'UIQ') block.asked = value.split('~').map((q) => q.trim());
    else if (kind === 'UIA') block.answered = value.split('~').map((a) => a.trim());
    else if (index === undefined) block.delivery.cui = value;
    else if (!(value.split('->')[0]! in CALLS)) malformed.push(key);
    else block.indexed.push([Number(index), parseCommand(value, table)]);
  }
  for (const { key, delivery, indexed, asked, answered } of blocks) {
    delivery.commands = indexed.sort((a, b) => a[0] - b[0]).map(([, command]) => command);
    if (asked.length !== answered.length || answered.some((a) => a !== 'Y' && a !== 'N')) malformed.push(`${key}.UIQ`);
    else delivery.questions = asked.map((question, i) => ({ question, answer: answered[i] === 'Y' }));
  }
  return { id, info, deliveries, malformed };
}
