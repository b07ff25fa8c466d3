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

/** The last navigation state the launch page reported, or null before the first. */
export function lastNavigation(page: Page): Promise<NavigationState | null> {
  return page.evaluate(() => {
    const states = (window as unknown as { navigationStates?: NavigationState[] }).navigationStates ?? [];
    return states[states.length - 1] ?? null;
  });
}

/** How long a control may take to show after the launch page's last report (the player renders it then). */
const CONTROL_WAIT_MS = 3_000;

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

/** A value inside a CSS attribute selector's double quotes. */
const cssString = (value: string) => value.replace(/["\\]/g, '\\$&');
