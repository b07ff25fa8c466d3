import { expect } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import type { Command } from './cts-reader';
import { lastNavigation } from './player-controls';

/** A command the replay SCO saw answered otherwise than expected. */
export interface FailedCommand {
  index: number;
  command: Command;
  returned: string;
  error: string;
}

export interface ReplayOutcome {
  count: number;
  failed: FailedCommand[];
}

/** Opens a course in the player from the optional courses' list. */
export async function openCourse(page: Page, alias: string): Promise<void> {
  if (!page.url().endsWith('/courses/2')) await page.goto('/courses/2');
  await page.locator(`[data-testid="course"][data-alias="${alias}"] [data-testid="course-open"]`).click();
  await page.getByTestId('course-frame').waitFor();
}

/**
 * Closes the player once the content's last commit is saved. After the sequencing session ended it closes by itself
 * (the learner's Save and close or Exit the course) or by the Close of its ended panel.
 */
export async function closePlayer(page: Page): Promise<void> {
  const player = page.getByTestId('course-player');
  if ((await lastNavigation(page))?.ended) {
    const close = page.getByTestId('nav-ended-close').click();
    await Promise.race([player.waitFor({ state: 'detached' }), close]);
    // A player that closes by itself takes its ended panel with it: the Close is not there to press.
    close.catch(() => undefined);
    await player.waitFor({ state: 'detached' });
    return;
  }
  const saveState = page.getByTestId('player-save-state');
  if (await saveState.count()) {
    await expect.poll(() => saveState.getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
  }
  await page.getByTestId('player-close').click();
  await page.getByTestId('course-player').waitFor({ state: 'detached' });
}

/** The replay SCO's frame once it is loaded as `activity` of test case `tc`. */
export async function replayFrame(page: Page, tc: string, activity: string): Promise<Frame> {
  let found: Frame | undefined;
  await expect
    .poll(
      async () => {
        for (const frame of page.frames()) {
          const url = new URL(frame.url(), 'http://x');
          if (!url.pathname.includes('/scorm-files/') || url.searchParams.get('act') !== activity) continue;
          if (url.searchParams.get('tc') !== tc) continue;
          const ready = await frame
            .evaluate(() => (window as unknown as { replay?: { version: string | null } }).replay?.version ?? null)
            .catch(() => null);
          if (ready) {
            found = frame;
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/**
 * Has the replay SCO in `frame` make a delivery's calls; it checks each answer and terminates, unless `terminate` is
 * false: then it stays open for the learner's navigation (which takes it away).
 */
export async function replay(frame: Frame, commands: Command[], terminate = true): Promise<ReplayOutcome> {
  return frame.evaluate(
    ([list, end]) =>
      (window as unknown as { replay: { run(c: unknown[], t: boolean): ReplayOutcome } }).replay.run(list, end),
    [commands, terminate] as const,
  );
}

/** A failed command as a line of the test's report. */
export function describeFailure(id: string, failure: FailedCommand): string {
  const { command } = failure;
  const value = command.value === undefined ? '' : `, "${command.value.slice(0, 40)}"`;
  return (
    `${id}#${failure.index} ${command.call}(${command.element}${value}): expected "${command.expectedReturn.slice(0, 60)}" ` +
    `/ ${command.expectedError}, got "${failure.returned.slice(0, 60)}" / ${failure.error}`
  );
}
