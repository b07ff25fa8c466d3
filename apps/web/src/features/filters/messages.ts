// From the constants, not adminRoutes: the route schemas would bring zod into every admin screen.
import { ADMIN_MESSAGES } from '@portal/shared';
import type { TFunction } from 'i18next';
import { ApiCallError } from '../../api/client';

type MessageKey = keyof typeof ADMIN_MESSAGES;

/** The translation key of one of the spec's messages, when `text` is one of them word for word. */
export function messageKey(text: string | undefined): MessageKey | null {
  const entry = Object.entries(ADMIN_MESSAGES).find(([, value]) => value === text);
  return entry ? (entry[0] as MessageKey) : null;
}

/** A failed call said in the reader's language: the spec's messages translated, else by error code. */
export function messageText(t: TFunction, error: unknown): string {
  if (error instanceof ApiCallError) {
    const key = messageKey(error.message);
    if (key) return t(`admin:messages.${key}`);
    if (error.code === 'forbidden') return t('common:errors.forbidden');
    if (error.code === 'network') return t('common:errors.network');
    if (error.code === 'conflict') return t('admin:messages.conflict');
    if (error.code === 'rate limited') return t('admin:messages.exportsBusy');
    if (error.code === 'invalid input') return t('admin:messages.invalid');
    if (error.code === 'not active') return t('common:errors.sessionEnded');
  }
  return t('common:errors.generic');
}
