import type { managerRoutes } from '@portal/shared';
import type { TFunction } from 'i18next';
import { ApiCallError } from '../../api/client';

/** A failed call said in the reader's language, with the server's own detail when it has one. */
export function errorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiCallError)) return t('common:errors.generic');
  switch (error.code) {
    case 'forbidden':
      return t('common:errors.forbidden');
    case 'network':
      return t('common:errors.network');
    case 'not active':
      return t('common:errors.sessionEnded');
    case 'conflict':
      return `${t('manager:errors.conflict')} ${error.message}`;
    case 'invalid input':
      return t('manager:errors.invalid');
    case 'not found':
      return `${t('manager:errors.notFound')} ${error.message}`;
    default:
      return t('common:errors.generic');
  }
}

/** The server's per-field messages (English detail) of an `invalid input` answer. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiCallError && error.fields ? error.fields : {};
}

/** Why the upload refused a package, as a sentence in the reader's language. */
export function packageRefusalText(t: TFunction, refusal: managerRoutes.PackageRefusal): string {
  return t(`manager:course.refusals.${refusal.reason}`, { ...refusal });
}
