import type { courseRoutes } from '@portal/shared';

/** A launch as `launch_course` answers it, for the launch page's tests: Anna's first attempt of a SCORM 2004 course. */
export function testLaunch(overrides: Partial<courseRoutes.CourseLaunch> = {}): courseRoutes.CourseLaunch {
  return {
    content_origin: 'http://content.localhost',
    launch_url: 'http://content.localhost/scorm-launch',
    token: 't',
    mode: 'normal',
    attempt: 1,
    seq: 0,
    scorm_version: '2004',
    learner: { id: '7', name: 'Bērziņa, Anna' },
    scos: [],
    complete: false,
    sequencing: null,
    shared_data: { maps: {}, stores: {} },
    ...overrides,
  };
}
