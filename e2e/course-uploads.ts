import { request, type APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import type { Portal } from './harness';

/** The training manager's API session (no Origin header, as a script sends it), for uploads and assignments. */
export async function managerApi(portal: Portal): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: portal.url });
  const login = await api.post('/api?r=login', { data: { login: 'training.manager', pass: 'demo-pass' } });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

/**
 * Uploads a package through the portal's own upload as a Latvian course (optional and never expiring, or mandatory
 * for 12 months) and gives it to a position.
 */
export async function uploadCourse(
  api: APIRequestContext,
  alias: string,
  zip: Buffer,
  position: string,
  options: { name?: string; mandatory?: boolean } = {},
): Promise<void> {
  const upload = await api.post('/api/course-upload', {
    multipart: {
      alias,
      language: 'lv',
      name: options.name ?? alias,
      expiration: options.mandatory ? '12' : '0',
      course_type: options.mandatory ? 'mandatory' : 'optional',
      package: { name: `${alias}.zip`, mimeType: 'application/zip', buffer: zip },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const course = ((await upload.json()) as { result: { id: number } }).result;
  const assigned = await api.post('/api?r=add_course_to_position', {
    data: { courseId: course.id, courseAlias: alias, position, language: 'lv' },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
}
