import { managerRoutes, type ErrorCode, type ErrorEnvelope } from '@portal/shared';
import { ApiCallError } from '../../api/client';

/** The upload refused the package itself: its reason, for the manager's own language. */
export class PackageRefusedError extends ApiCallError {
  constructor(
    readonly refusal: managerRoutes.PackageRefusal,
    message: string,
    status: number,
    fields?: Record<string, string>,
  ) {
    super('invalid input', message, status, fields);
  }
}

/** The envelope's package refusal, when its reason is one this app knows. */
function refusalOf(reasons: ErrorEnvelope['reasons']): managerRoutes.PackageRefusal | null {
  const refusal = reasons?.package;
  const known: readonly string[] = managerRoutes.PACKAGE_REASONS;
  return refusal && known.includes(refusal.reason) ? (refusal as managerRoutes.PackageRefusal) : null;
}

/**
 * Sends a new course with its SCORM package to the upload route (XMLHttpRequest: fetch cannot report upload
 * progress). The add_course fields go first, the file last, as the server reads them in that order.
 */
export function uploadCourse(
  fields: Record<string, string | number | undefined>,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<managerRoutes.ManagerCourse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', managerRoutes.COURSE_UPLOAD_PATH);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      const body = xhr.response as {
        result?: managerRoutes.ManagerCourse;
        error?: ErrorCode;
        message?: string;
        fields?: Record<string, string>;
        reasons?: ErrorEnvelope['reasons'];
      } | null;
      const message = body?.message ?? xhr.statusText;
      const refusal = refusalOf(body?.reasons);
      if (xhr.status === 200 && body?.result) resolve(body.result);
      else if (refusal) reject(new PackageRefusedError(refusal, message, xhr.status, body?.fields));
      else reject(new ApiCallError(body?.error ?? 'internal', message, xhr.status, body?.fields));
    };
    xhr.onerror = () => reject(new ApiCallError('network', 'Network error', 0));
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined && value !== '') form.append(key, String(value));
    }
    form.append('package', file);
    xhr.send(form);
  });
}
