import type { Frame, Page } from 'playwright-core';
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

function launchFrame(page: Page): Frame {
  const frame = page.frames().find((f) => new URL(f.url(), 'http://x').pathname === '/scorm-launch');
  if (!frame) throw new Error('the player has no launch page');
  return frame;
}

/**
 * A learner's request with the player's own controls (Continue, Previous, Exit, Suspend, Exit course, a part chosen
 * in the tree), made as the player makes it: `portal:navigate` from the player's window to the launch page.
 */
export async function usePlayerControl(page: Page, request: NavigationRequest): Promise<void> {
  const origin = new URL(launchFrame(page).url()).origin;
  await page.evaluate(
    ({ contentOrigin, message }) => {
      const frame = document.querySelector<HTMLIFrameElement>('[data-testid="course-frame"]');
      frame!.contentWindow!.postMessage({ type: 'portal:navigate', ...message }, contentOrigin);
    },
    { contentOrigin: origin, message: request },
  );
}
