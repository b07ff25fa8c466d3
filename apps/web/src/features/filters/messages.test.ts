import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiCallError } from '../../api/client';
import { messageText } from './messages';

const t = ((key: string) => key) as unknown as TFunction;

describe('messageText', () => {
  it('tells a manager refused by the export caps to try again shortly', () => {
    const refused = new ApiCallError('rate limited', 'Too many exports are being prepared.', 429);
    expect(messageText(t, refused)).toBe('admin:messages.exportsBusy');
  });
});
