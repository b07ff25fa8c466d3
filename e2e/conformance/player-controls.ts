import type { Page } from 'playwright-core';
import type { NavigationRequest, NavigationState } from '../../apps/web/src/launch/messages';

/** Keeps every navigation state the launch page reports to the player, in the page's window. */
export async function recordNavigation(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const states: unknown[] = [];
    (window as unknown as { navigationStates: unknown[] }).navigationStates = states;
    window.addEventListener('message', (event) => {
      const data = event.data as { type?: string; state?: unknown } | null;
      if (data?.type === 'portal:navigation') states.push(data.state);
    });
  });
}

/** How many navigation states the launch page has reported in this window, across launches. */
export function navigationCount(page: Page): Promise<number> {
  return page.evaluate(
    () => ((window as unknown as { navigationStates?: NavigationState[] }).navigationStates ?? []).length,
  );
}

/** The last navigation state the launch page reported, or null before the first. */
export function lastNavigation(page: Page): Promise<NavigationState | null> {
  return page.evaluate(() => {
    const states = (window as unknown as { navigationStates?: NavigationState[] }).navigationStates ?? [];
    return states[states.length - 1] ?? null;
  });
}

/** How long a control may take to show after the launch page's last report (the player renders it then). */
export const CONTROL_WAIT_MS = 3_000;

/**
 * A learner's request made with the player's own controls, as a learner makes it: the Continue, Previous, Exit,
 * Save and close or Exit the course button, or the part (or the course itself) clicked in the parts tree. Answers
 * false when the player offers no such control: the request is not valid now, or the course hides it.
 */
export async function usePlayerControl(page: Page, request: NavigationRequest): Promise<boolean> {
  const control =
    request.request === 'choice'
      ? page.locator(
          `[data-testid="nav-tree"] button[data-testid="nav-part"][data-part="${cssString(request.target)}"]`,
        )
      : page.getByTestId(`nav-${request.request}`);
  try {
    await control.click({ timeout: CONTROL_WAIT_MS });
    return true;
  } catch {
    return false;
  }
}

/** What the learner sees of the player's navigation: the move buttons shown and enabled, the parts in the tree. */
export interface PlayerView {
  continue: boolean;
  previous: boolean;
  /** Every part in the tree: its activity, whether it is a button that may be clicked, whether it is current. */
  parts: { id: string; clickable: boolean; current: boolean }[];
}

/** The player's navigation as its page shows it now (a control or part that is not rendered is not seen). */
export function playerView(page: Page): Promise<PlayerView> {
  return page.evaluate(() => {
    const enabled = (element: Element | null) =>
      !!element && element instanceof HTMLButtonElement && !element.disabled && element.getClientRects().length > 0;
    const parts = [...document.querySelectorAll('[data-testid="nav-tree"] [data-testid="nav-part"]')];
    return {
      continue: enabled(document.querySelector('[data-testid="nav-continue"]')),
      previous: enabled(document.querySelector('[data-testid="nav-previous"]')),
      parts: parts.map((part) => ({
        id: part.getAttribute('data-part') ?? '',
        clickable: enabled(part),
        current: part.getAttribute('aria-current') !== null,
      })),
    };
  });
}

type Part = PlayerView['parts'][number];

/**
 * How the player's view answers each of ADL's questions about the LMS's interface (`UIQ`), given the part the question
 * names, if any, and the root's id. The table of contents is enabled when it offers a choice of a part other than the
 * one delivered now (the course itself aside: a course of one activity offers only its restart).
 */
const ANSWERS: Record<string, (view: PlayerView, part: Part | undefined, root: string) => boolean> = {
  'continue.enabled': (view) => view.continue,
  'continue.disabled': (view) => !view.continue,
  'previous.enabled': (view) => view.previous,
  'previous.disabled': (view) => !view.previous,
  'toc.enabled': (view, _, root) => view.parts.some((p) => p.clickable && !p.current && p.id !== root),
  'toc.visible': (_, part) => !!part,
  'toc.enabled.selectable': (_, part) => !!part?.clickable,
};

/** A question about the player's navigation (SX-09's `click.button` is not one: it asks the tester to click). */
export const isNavigationQuestion = (question: string) => question.split('@')[0]! in ANSWERS;

/**
 * The answer the player's view gives to a navigation question; `activity` finds the activity it names (`Activity 7`,
 * or the root in ADL's words), `root` is the root's id.
 */
export function answerOf(question: string, view: PlayerView, activity: (name: string) => string, root: string) {
  const [name, target] = question.split('@') as [string, string | undefined];
  const part = target === undefined ? undefined : view.parts.find((p) => p.id === activity(target));
  return ANSWERS[name]!(view, part, root);
}

/** A value inside a CSS attribute selector's double quotes. */
const cssString = (value: string) => value.replace(/["\\]/g, '\\$&');
