import { describe, expect, it } from 'vitest';
import { queryString } from './client';

describe('the addresses the web app makes', () => {
  it('carries inputs in the query, arrays as repeated keys', () => {
    expect(queryString('courses', { user_ids: [1, 2], lang: 'lv', none: undefined })).toBe(
      'r=courses&user_ids%5B%5D=1&user_ids%5B%5D=2&lang=lv',
    );
  });

  it('never carries a session token or a password', () => {
    for (const key of ['userHash', 'hash', 'pass', 'password']) {
      expect(() => queryString('users', { [key]: 'secret' })).toThrow(/never goes into an address/);
    }
  });
});
