// @vitest-environment jsdom
/**
 * The player against a stand-in for the content origin's launch page: the test answers `launch_course`, then posts
 * the launch page's messages from the player's own frame window and origin, and reads what the player posts back.
 */
import type { courseRoutes } from '@portal/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FromLaunchPage, NavigationActivity, NavigationState, ToLaunchPage } from '../../launch/messages';
import en from '../../i18n/locales/en/courses.json';
import { CoursePlayer } from './CoursePlayer';
import type { ListedCourse } from './course-list';

const CONTENT_ORIGIN = 'http://content.test:8080';

const sco = (id: string, title: string): courseRoutes.LaunchSco => ({
  id,
  title,
  href: `${id}.html`,
  cmi: null,
  done: false,
  launch: {} as courseRoutes.LaunchSco['launch'],
});

const LAUNCH: courseRoutes.CourseLaunch = {
  content_origin: CONTENT_ORIGIN,
  launch_url: `${CONTENT_ORIGIN}/scorm-launch`,
  token: 'token-1',
  mode: 'normal',
  attempt: 1,
  seq: 0,
  scorm_version: '2004',
  learner: { id: '7', name: 'Learner' },
  scos: [sco('intro', 'Introduction'), sco('lesson', 'Lesson'), sco('test', 'Final test')],
  complete: false,
  sequencing: { activityTree: {}, launches: {}, state: null, global_objectives: null },
  shared_data: { maps: {}, stores: {} },
};

const part = (id: string, title: string, more: Partial<NavigationActivity> = {}): NavigationActivity => ({
  id,
  title,
  depth: 0,
  visible: true,
  choosable: true,
  completion: 'not attempted',
  success: 'unknown',
  ...more,
});

const NO_CONTROLS = { continue: false, previous: false, exit: false, exitAll: false, suspendAll: false };

/** Lessons in a module (one done, one hidden), then a test that stays locked until they are done. */
const STATE: NavigationState = {
  root: part('course', 'Safe lifting', { choosable: false, completion: 'incomplete' }),
  activities: [
    part('module', 'Module 1', { choosable: false, completion: 'incomplete' }),
    part('intro', 'Introduction', { depth: 1, completion: 'completed' }),
    part('lesson', 'Lesson', { depth: 1, completion: 'incomplete' }),
    part('hidden', 'Hidden helper', { depth: 1, visible: false }),
    part('test', 'Final test', { choosable: false }),
  ],
  current: 'lesson',
  controls: { ...NO_CONTROLS, continue: true, previous: true, suspendAll: true },
  ended: false,
};

async function translations() {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { courses: en } },
    interpolation: { escapeValue: false },
  });
  return instance;
}

let posted: ToLaunchPage[];
let onClose: ReturnType<typeof vi.fn<() => void>>;

/** Opens the player on a course whose `launch_course` answers `launch`; resolves with the frame's window. */
async function openPlayer(launch = LAUNCH): Promise<Window> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ result: launch }), { status: 200 })),
  );
  const listens = vi.spyOn(window, 'addEventListener');
  const course = { alias: 'safe-work', name: 'Safe work', language: 'en' } as ListedCourse;
  const i18n = await translations();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <CoursePlayer course={course} onClose={onClose} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  const frame = (await screen.findByTestId('course-frame')) as HTMLIFrameElement;
  // The player listens once the launch is in; a launch page speaks only after its frame loaded, later still.
  await waitFor(() => expect(listens).toHaveBeenCalledWith('message', expect.any(Function)));
  const frameWindow = frame.contentWindow!;
  posted = [];
  vi.spyOn(frameWindow, 'postMessage').mockImplementation((message: unknown, targetOrigin?: unknown) => {
    expect(targetOrigin).toBe(CONTENT_ORIGIN);
    posted.push(message as ToLaunchPage);
  });
  return frameWindow;
}

/** A message as the launch page posts it: from the frame's window, on the content origin (unless told otherwise). */
function fromLaunchPage(source: Window, data: FromLaunchPage, origin = CONTENT_ORIGIN) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

const navigation = (frame: Window, state: NavigationState) =>
  fromLaunchPage(frame, { type: 'portal:navigation', state });

beforeEach(() => {
  onClose = vi.fn<() => void>();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the player of a sequenced course', () => {
  it('lists the visible parts as a tree with their status, marks the current one and makes only choosable ones buttons', async () => {
    const frame = await openPlayer();
    expect(screen.queryByTestId('sco-select')).toBeNull();
    navigation(frame, { ...STATE, root: null });

    const tree = screen.getByRole('navigation', { name: 'Parts of the course' });
    const parts = within(tree).getAllByTestId('nav-part');
    expect(parts.map((p) => p.dataset.part)).toEqual(['module', 'intro', 'lesson', 'test']);
    expect(parts.map((p) => p.tagName)).toEqual(['SPAN', 'BUTTON', 'BUTTON', 'SPAN']);
    expect(parts.map((p) => p.textContent)).toEqual([
      'Module 1 In progress',
      'Introduction Completed',
      'Lesson In progress',
      'Final test Not started',
    ]);
    // The lessons are nested in the module's list; the test is beside the module.
    const lessonList = parts[1]!.closest('ol')!;
    expect(lessonList.contains(parts[2]!)).toBe(true);
    expect(lessonList.contains(parts[0]!)).toBe(false);
    expect(parts[0]!.closest('li')!.contains(lessonList)).toBe(true);
    expect(parts.map((p) => p.getAttribute('aria-current'))).toEqual([null, null, 'step', null]);
    expect(within(tree).getByRole('button', { name: 'Introduction Completed' })).toBe(parts[1]);
  });

  it('shows a part that passed or failed by its success, over its completion', async () => {
    const frame = await openPlayer();
    navigation(frame, {
      ...STATE,
      root: null,
      activities: [
        part('a', 'Quiz A', { completion: 'completed', success: 'passed' }),
        part('b', 'Quiz B', { completion: 'completed', success: 'failed' }),
      ],
    });
    expect(screen.getAllByTestId('nav-part').map((p) => p.textContent)).toEqual(['Quiz A Passed', 'Quiz B Failed']);
  });

  it('lists the parts under an invisible cluster in the list the cluster would be in', async () => {
    const frame = await openPlayer();
    navigation(frame, {
      ...STATE,
      root: null,
      activities: [
        part('hidden-module', 'Hidden module', { visible: false }),
        part('a', 'Lesson A', { depth: 1 }),
        part('b', 'Lesson B', { depth: 1 }),
        part('c', 'Test', { depth: 0 }),
      ],
    });
    const tree = screen.getByRole('navigation', { name: 'Parts of the course' });
    const topList = tree.querySelector('ol')!;
    expect([...topList.children].map((item) => item.firstElementChild?.getAttribute('data-part'))).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('lists the course itself first, a choice of which starts its flow again', async () => {
    const frame = await openPlayer();
    navigation(frame, STATE);
    const tree = screen.getByRole('navigation', { name: 'Parts of the course' });
    const first = within(tree).getAllByTestId('nav-part')[0]!;
    expect([first.dataset.part, first.tagName, first.textContent]).toEqual([
      'course',
      'SPAN',
      'Safe lifting In progress',
    ]);
    // The course's own items start beside it, not under it.
    expect(first.closest('li')!.querySelector('ol')).toBeNull();

    navigation(frame, { ...STATE, root: { ...STATE.root!, choosable: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Safe lifting In progress' }));
    expect(posted.at(-1)).toEqual({ type: 'portal:navigate', request: 'choice', target: 'course' });
  });

  it('shows exactly the controls the launch page reports valid, and each posts its request', async () => {
    const frame = await openPlayer();
    navigation(frame, STATE);
    const controls = screen.getByRole('group', { name: 'Course navigation' });
    const shown = () =>
      within(controls)
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(shown()).toEqual(['Parts', 'Previous', 'Continue', 'Save and close']);

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(posted.filter((m) => m.type === 'portal:navigate')).toEqual([
      { type: 'portal:navigate', request: 'continue' },
      { type: 'portal:navigate', request: 'previous' },
    ]);

    navigation(frame, {
      ...STATE,
      controls: { continue: false, previous: false, exit: true, exitAll: true, suspendAll: false },
    });
    expect(shown()).toEqual(['Parts', 'Exit this part', 'Exit the course']);
    fireEvent.click(screen.getByRole('button', { name: 'Exit this part' }));
    expect(posted.at(-1)).toEqual({ type: 'portal:navigate', request: 'exit' });

    navigation(frame, { ...STATE, controls: NO_CONTROLS });
    expect(shown()).toEqual(['Parts']);
  });

  it('posts a choice for the part clicked, and nothing for a part that is not choosable', async () => {
    const frame = await openPlayer();
    navigation(frame, STATE);
    fireEvent.click(screen.getByRole('button', { name: 'Introduction Completed' }));
    fireEvent.click(screen.getByText('Final test'));
    expect(posted.filter((m) => m.type === 'portal:navigate')).toEqual([
      { type: 'portal:navigate', request: 'choice', target: 'intro' },
    ]);
  });

  it('opens the parts drawer from its toggle at the current part, and closes it on a choice or Escape', async () => {
    const frame = await openPlayer();
    navigation(frame, STATE);
    const toggle = screen.getByRole('button', { name: 'Parts' });
    const tree = screen.getByTestId('nav-tree');
    expect(toggle.getAttribute('aria-controls')).toBe(tree.id);
    expect([toggle.getAttribute('aria-expanded'), tree.dataset.open]).toEqual(['false', 'false']);

    fireEvent.click(toggle);
    expect([toggle.getAttribute('aria-expanded'), tree.dataset.open]).toEqual(['true', 'true']);
    const lesson = screen.getByRole('button', { name: 'Lesson In progress' });
    expect(document.activeElement).toBe(lesson);
    fireEvent.click(lesson);
    expect(tree.dataset.open).toBe('false');

    fireEvent.click(toggle);
    fireEvent.keyDown(lesson, { key: 'Escape' });
    expect(tree.dataset.open).toBe('false');
    expect(document.activeElement).toBe(toggle);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('opens the drawer of a course with no part to choose on the list itself, which Escape closes', async () => {
    const frame = await openPlayer();
    navigation(frame, { ...STATE, activities: STATE.activities.map((a) => ({ ...a, choosable: false })) });
    const toggle = screen.getByRole('button', { name: 'Parts' });
    const tree = screen.getByTestId('nav-tree');
    fireEvent.click(toggle);
    expect(document.activeElement).toBe(tree);
    fireEvent.keyDown(tree, { key: 'Escape' });
    expect(tree.dataset.open).toBe('false');
    expect(document.activeElement).toBe(toggle);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('takes navigation only from its own frame on the content origin, and only well-formed', async () => {
    const frame = await openPlayer();
    navigation(frame, STATE);
    fromLaunchPage(frame, { type: 'portal:navigation', state: { ...STATE, current: 'intro' } }, 'http://evil.test');
    fromLaunchPage(window, { type: 'portal:navigation', state: { ...STATE, current: 'intro' } });
    navigation(frame, { ...STATE, current: 'intro', activities: [{ id: 'x' }] } as unknown as NavigationState);
    expect(
      screen
        .getAllByTestId('nav-part')
        .filter((p) => p.getAttribute('aria-current'))
        .map((p) => p.dataset.part),
    ).toEqual(['lesson']);
  });

  it('says the course ended when the content ends it, and closes on the learner’s word', async () => {
    const frame = await openPlayer();
    navigation(frame, STATE);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    navigation(frame, { ...STATE, current: null, controls: NO_CONTROLS, ended: true });

    expect(screen.getByTestId('nav-ended').textContent).toContain('The course has ended. Your progress is saved.');
    expect(screen.queryByRole('group', { name: 'Course navigation' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    const close = within(screen.getByTestId('nav-ended')).getByRole('button', { name: 'Close the course' });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    // The frame unloads first (its content's beforeunload handlers run), then the player closes.
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce(), { timeout: 2000 });
  });

  it.each([
    ['Save and close', 'suspendAll'],
    ['Exit the course', 'exitAll'],
  ] as const)('closes by itself once "%s" has ended the course', async (label, request) => {
    const frame = await openPlayer();
    navigation(frame, { ...STATE, controls: { ...NO_CONTROLS, suspendAll: true, exitAll: true } });
    fireEvent.click(screen.getByRole('button', { name: label }));
    expect(posted.at(-1)).toEqual({ type: 'portal:navigate', request });
    expect(onClose).not.toHaveBeenCalled();
    navigation(frame, { ...STATE, current: null, controls: NO_CONTROLS, ended: true });
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce(), { timeout: 2000 });
  });
});

describe('the player of a course without sequencing', () => {
  it('keeps its list of SCOs, which opens the SCO chosen', async () => {
    const launch = { ...LAUNCH, scorm_version: '1.2' as const, sequencing: null };
    const frame = await openPlayer(launch);
    fromLaunchPage(frame, { type: 'portal:ready' });
    expect(posted).toEqual([{ type: 'portal:launch', launch, sco: 'intro' }]);
    const select = screen.getByRole('combobox', { name: 'Parts of the course' });
    fireEvent.change(select, { target: { value: '2' } });
    expect(posted.at(-1)).toEqual({ type: 'portal:open-sco', sco: 'test' });
    expect(screen.queryByRole('group', { name: 'Course navigation' })).toBeNull();
  });
});
