/**
 * Plays one of ADL's sequencing test cases in the player: each delivery the launch page makes must be the test case's
 * next `Act` block (README of the CTS: the order of the blocks is the delivery order); the replay SCO makes that
 * block's calls and checks every answer; the player's navigation, as the learner sees it, must then answer the
 * block's questions about the LMS's interface (`UIQ`) as ADL does (`UIA`); then the learner does the block's `CUI`
 * action with the player's controls, clicking them as a learner does.
 */
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { NavigationRequest } from '../../apps/web/src/launch/messages';
import type { Delivery, TestCase, UiQuestion } from './cts-reader';
import {
  answerOf,
  CONTROL_WAIT_MS,
  isNavigationQuestion,
  lastNavigation,
  navigationCount,
  playerView,
  usePlayerControl,
} from './player-controls';
import { closePlayer, describeFailure, openCourse, replay } from './replay';
import { UI_KNOWN_DIFFERENCES } from './sequencing-known-failures';

/** A choice names its activity by title (`Activity 12`), as the tester sees it in the tree, or is the root's. */
type LearnerRequest = NavigationRequest | { request: 'choice'; title: string };

/** What the learner does after a delivery: navigation requests with the player's controls, then maybe a relaunch. */
interface LearnerAction {
  requests: LearnerRequest[];
  /** The player is closed and the course opened again (a new session of the same attempt). */
  relaunch: boolean;
  /** The sequencing session must have ended by now. */
  ended: boolean;
}

/**
 * A `CUI` value as the learner's action. The last block's `Exit` and `AutoTest` end the test case: nothing is done.
 * The named relaunches of the data (`RelaunchCM5`, `RootSX4b` …) close the player and open the course again;
 * `SuspendCM09ca` suspends all first, `ExitCM09ba` exits all (the learner leaves the course), `ContinueExitCM8`
 * continues into a post-condition's exit all first.
 */
function learnerAction(cui: string | undefined, rootId: string): LearnerAction {
  const action: LearnerAction = { requests: [], relaunch: false, ended: false };
  if (!cui || cui === 'Exit' || cui === 'AutoTest') return action;
  const choice = /^(?:Choice|ChoiceExit)~(.*)$/.exec(cui);
  if (choice) {
    const request: LearnerRequest = /corresponds to the root/.test(choice[1]!)
      ? { request: 'choice', target: rootId }
      : { request: 'choice', title: choice[1]!.trim() };
    return { ...action, requests: [request] };
  }
  if (cui === 'Continue') return { ...action, requests: [{ request: 'continue' }] };
  if (cui === 'Previous') return { ...action, requests: [{ request: 'previous' }] };
  if (cui === 'TRIGExitAll') return { ...action, requests: [{ request: 'exitAll' }] };
  if (cui === 'HasEnded') return { ...action, ended: true };
  if (cui === 'ContinueExitCM8') return { ...action, requests: [{ request: 'continue' }], relaunch: true };
  if (cui === 'SuspendCM09ca') return { ...action, requests: [{ request: 'suspendAll' }], relaunch: true };
  if (cui === 'ExitCM09ba') return { ...action, requests: [{ request: 'exitAll' }], relaunch: true };
  if (/^(Relaunch|Root)/.test(cui)) return { ...action, relaunch: true };
  throw new Error(`a CUI action the test does not know: ${cui}`);
}

/** The first failure of a case: the delivery (`3V1`) and what went wrong. */
export interface CaseFailure {
  step: string;
  message: string;
}

const DELIVERY_WAIT_MS = 10_000;
/** How long a relaunch waits to see whether the session before it ended. */
const RELAUNCH_END_WAIT_MS = 2_000;

/**
 * The next replay SCO the launch page loads for test case `tc` (one not seen before), or null when none comes within
 * `waitMs`.
 */
export async function nextDelivery(
  page: Page,
  tc: string,
  seen: Set<Frame>,
  waitMs = DELIVERY_WAIT_MS,
): Promise<{ frame: Frame; act: string } | null> {
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    for (const frame of page.frames()) {
      if (seen.has(frame) || frame.isDetached()) continue;
      const url = new URL(frame.url(), 'http://x');
      if (!url.pathname.includes('/scorm-files/') || url.searchParams.get('tc') !== tc) continue;
      const ready = await frame
        .evaluate(() => (window as unknown as { replay?: { version: string | null } }).replay?.version ?? null)
        .catch(() => null);
      if (!ready) continue;
      seen.add(frame);
      return { frame, act: url.searchParams.get('act') ?? '' };
    }
    await page.waitForTimeout(100);
  }
  return null;
}

/**
 * A course that delivers nothing by itself at start (its root has no flow) waits for the learner's choice of the
 * activity `title`, once its launch page has reported a state after the `reported` ones of earlier launches.
 */
async function startByChoice(page: Page, title: string, reported = 0): Promise<void> {
  await expect.poll(() => navigationCount(page), { timeout: DELIVERY_WAIT_MS }).toBeGreaterThan(reported);
  if ((await lastNavigation(page))!.current !== null) return;
  await request(page, { request: 'choice', title });
}

/**
 * A learner's request with the player's controls; a choice by title goes to the activity of that title in the
 * player's tree. Answers false when the player offers no control for it.
 */
async function request(page: Page, learner: LearnerRequest): Promise<boolean> {
  if (!('title' in learner)) return usePlayerControl(page, learner);
  const activities = (await lastNavigation(page))?.activities ?? [];
  const target = activities.find((a) => a.title.trim() === learner.title)?.id ?? learner.title;
  return usePlayerControl(page, { request: 'choice', target });
}

const requestName = (learner: LearnerRequest) =>
  'title' in learner
    ? `choice of ${learner.title}`
    : 'target' in learner
      ? `choice of ${learner.target}`
      : learner.request;

function sessionEnds(page: Page, timeout = DELIVERY_WAIT_MS): Promise<boolean> {
  return expect
    .poll(async () => (await lastNavigation(page))?.ended, { timeout })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
}

const step = (delivery: Delivery) => `${delivery.activity}V${delivery.visit}`;

const KNOWN_UI = new Set(UI_KNOWN_DIFFERENCES.flatMap((group) => group.questions));

/**
 * The questions about the player's navigation that a delivery asks, each with the answer the player must give: ADL's,
 * or the other one for a question listed as answered otherwise (so that a listed difference that goes away is seen).
 */
const navigationQuestions = (testCase: TestCase, delivery: Delivery): (UiQuestion & { known: boolean })[] =>
  delivery.questions
    .filter(({ question }) => isNavigationQuestion(question))
    .map(({ question, answer }) => {
      const known = KNOWN_UI.has(`${testCase.id}:${step(delivery)} ${question}`);
      return { question, answer: known ? !answer : answer, known };
    });

const yesNo = (answer: boolean) => (answer ? 'Y' : 'N');

/**
 * The first of `questions` that the player's page answers otherwise than it must, once the player has rendered the launch
 * page's last report (it is polled until every answer agrees, for as long as a control may take to show), or null.
 */
async function uiDifference(
  page: Page,
  questions: (UiQuestion & { known: boolean })[],
  rootId: string,
): Promise<string | null> {
  const activities = (await lastNavigation(page))?.activities ?? [];
  const activity = (name: string) =>
    /corresponds to the root/.test(name)
      ? rootId
      : (activities.find((a) => a.title.trim() === name.trim())?.id ?? name);
  const until = Date.now() + CONTROL_WAIT_MS;
  for (;;) {
    const view = await playerView(page);
    const differing = questions.find(({ question, answer }) => answerOf(question, view, activity, rootId) !== answer);
    if (!differing) return null;
    if (Date.now() >= until) {
      const { question, answer, known } = differing;
      return known
        ? `the interface question ${question}, listed as answered otherwise, is answered as ADL does: remove it from the list`
        : `the interface question ${question}: ADL answers ${yesNo(answer)}, the player shows ${yesNo(!answer)}`;
    }
    await page.waitForTimeout(100);
  }
}

/** Plays a test case from the course's first launch; answers its first failure, or null when every check passed. */
export async function playSequencingCase(
  page: Page,
  testCase: TestCase,
  alias: string,
  rootId: string,
): Promise<CaseFailure | null> {
  await openCourse(page, alias);
  const start = testCase.info.start;
  await startByChoice(page, start && start !== '.' ? start : `Activity ${testCase.deliveries[0]!.activity}`);
  const seen = new Set<Frame>();
  for (const [index, delivery] of testCase.deliveries.entries()) {
    const next = await nextDelivery(page, testCase.id, seen);
    const expected = `activity ${delivery.activity}`;
    if (!next) {
      const state = await lastNavigation(page);
      const choosable = state?.activities.filter((a) => a.choosable).map((a) => a.id);
      const where = state ? `current ${state.current}, ended ${state.ended}, choosable ${choosable?.join(' ')}` : '';
      return { step: step(delivery), message: `expected ${expected}, nothing was delivered (${where})` };
    }
    if (next.act !== delivery.activity) {
      return { step: step(delivery), message: `expected ${expected}, activity ${next.act} was delivered` };
    }
    const action = learnerAction(delivery.cui, rootId);
    // ADL's SCO waits for the tester's navigation, which takes it away: a navigation request it set yields to the
    // learner's (SCORM 2004 SN 5.4, ADL CM-09). It terminates by itself only when the tester does not navigate.
    // The tester answers the questions while the SCO is still open: one that terminates by itself does so after them.
    const terminates = action.requests.length === 0;
    const questions = navigationQuestions(testCase, delivery);
    const outcome = await replay(next.frame, delivery.commands, terminates && questions.length === 0);
    if (outcome.failed.length) {
      return { step: step(delivery), message: describeFailure(`${testCase.id}:${step(delivery)}`, outcome.failed[0]!) };
    }
    if (questions.length) {
      const difference = await uiDifference(page, questions, rootId);
      if (difference) return { step: step(delivery), message: difference };
      if (terminates) await replay(next.frame, [], true);
    }
    for (const learner of action.requests) {
      if (!(await request(page, learner))) {
        return { step: step(delivery), message: `after ${delivery.cui}: the player offers no ${requestName(learner)}` };
      }
    }
    if (action.ended && !(await sessionEnds(page))) {
      return { step: step(delivery), message: `after ${delivery.cui}: the sequencing session has not ended` };
    }
    if (action.relaunch) {
      // After a session that ended (exit all), the course starts again as at its first launch: by the learner's
      // choice of the next activity when it delivers nothing by itself.
      const ended = await sessionEnds(page, RELAUNCH_END_WAIT_MS);
      await closePlayer(page);
      const reported = await navigationCount(page);
      await openCourse(page, alias);
      const next = testCase.deliveries[index + 1];
      if (ended && next) await startByChoice(page, `Activity ${next.activity}`, reported);
    }
  }
  return null;
}
