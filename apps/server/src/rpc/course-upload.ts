import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { managerRoutes } from '@portal/shared';
import type { FastifyPluginAsync } from 'fastify';
import { invalidInput, packageRefused } from './errors.js';
import { addCourseFromPackage } from './manager-catalogue.js';
import { assertSameOrigin, authorizeCaller, zodFields, type ApiDeps } from './registry.js';

const { COURSE_UPLOAD_PATH, MAX_PACKAGE_BYTES, addCourseInput } = managerRoutes;
const FILE_FIELD = 'package';

/** Reads a stream to its end and throws the bytes away (a refused upload is still received in full). */
async function drain(stream: Readable): Promise<void> {
  for await (const chunk of stream) void chunk;
}

const tooLarge = () =>
  packageRefused({ reason: 'too-large' }, `The package is larger than ${MAX_PACKAGE_BYTES / (1024 * 1024)} MB.`);

/**
 * `POST /api/course-upload` (multipart/form-data): the training manager's add_course with a SCORM .zip.
 * The add_course fields come first, then the file as `package`. The session and the `catalogue` capability
 * are checked by the registry's own rules before a byte of the file is read; the fields are validated with
 * add_course's schema before the file is stored; the package is checked and unpacked by the courses area's
 * import; the answer is add_course's envelope `{ result: <course> }` or an error envelope.
 */
export const courseUpload: FastifyPluginAsync<ApiDeps> = async (app, deps) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_PACKAGE_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 21 },
  });

  app.post(COURSE_UPLOAD_PATH, async (request, reply) => {
    assertSameOrigin(request);
    const actor = await authorizeCaller(request, deps, 'catalogue');
    if (!request.isMultipart()) throw invalidInput('Send the course as multipart/form-data with its package.');

    const fields: Record<string, string> = {};
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'course-upload-'));
    let zipPath: string | null = null;
    let course: managerRoutes.ManagerCourse;
    try {
      let parsedInput: ReturnType<typeof addCourseInput.parse> | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string' && part.value !== '') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== FILE_FIELD || zipPath) {
          await drain(part.file);
          throw invalidInput('The request is not valid.', { [part.fieldname]: 'Only one file, named "package".' });
        }
        const parsed = addCourseInput.safeParse(fields);
        if (!parsed.success) {
          await drain(part.file);
          throw invalidInput('The request is not valid.', zodFields(parsed.error));
        }
        if (!/\.zip$/i.test(part.filename)) {
          await drain(part.file);
          throw packageRefused({ reason: 'not-zip' }, 'Choose a SCORM package: a .zip file.');
        }
        parsedInput = parsed.data;
        zipPath = path.join(dir, 'package.zip');
        try {
          await pipeline(part.file, fs.createWriteStream(zipPath));
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw error;
        }
        if (part.file.truncated) throw tooLarge();
      }
      if (!zipPath || !parsedInput) {
        const parsed = addCourseInput.safeParse(fields);
        const problems = parsed.success ? {} : zodFields(parsed.error);
        throw invalidInput('The request is not valid.', { ...problems, package: 'Choose a SCORM .zip file.' });
      }
      course = await addCourseFromPackage(deps, actor.id, parsedInput, zipPath);
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    reply.header('cache-control', 'no-store');
    return { result: course };
  });
};
