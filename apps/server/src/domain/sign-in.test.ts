import { describe, expect, it } from 'vitest';
import { addressKey, isPinAttempt, signInKeys } from './sign-in.js';

describe('addressKey', () => {
  it('keeps an IPv4 address, also written as IPv4-mapped IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    for (const ip of [
      '2001:db8:7:1::1',
      '2001:0db8:0007:0001:ffff:1:2:3',
      '2001:db8:7:1:0:0:0:0',
      '2001:db8:7:1::1%eth0',
    ])
      expect(addressKey(ip), ip).toBe('2001:db8:7:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});

describe('signInKeys', () => {
  const limits = { account: 10, address: 50, pinFailures: 100 };
  const device = { hash: null, forUser: false, forAnyone: false };

  it('counts a password per address and account, a PIN guess per address and across the service', () => {
    expect(signInKeys({ login: 'inga', address: '10.0.0.1', pinAttempt: false, device }, limits)).toEqual([
      { key: 'ip:10.0.0.1', max: 50 },
      { key: 'acct:inga', max: 10, account: true },
    ]);
    expect(signInKeys({ login: 'ab1234', address: '10.0.0.1', pinAttempt: true, device }, limits)).toEqual([
      { key: 'ip:10.0.0.1', max: 50 },
      { key: 'pin-failures', max: 100 },
    ]);
  });

  it("counts only the browser's own failures where the person has signed in from it", () => {
    const known = { hash: 'h', forUser: true, forAnyone: true };
    expect(signInKeys({ login: 'inga', address: '10.0.0.1', pinAttempt: false, device: known }, limits)).toEqual([
      { key: 'acct:inga|dev:h', max: 10, account: true },
    ]);
    const shared = { hash: 'h', forUser: false, forAnyone: true };
    expect(signInKeys({ login: 'ab1234', address: '10.0.0.1', pinAttempt: true, device: shared }, limits)).toEqual([
      { key: 'ip:10.0.0.1', max: 50 },
      { key: 'dev:h', max: 50 },
    ]);
  });

  it('takes a PIN-shaped login without a manager password as a PIN guess', () => {
    expect(isPinAttempt('ab1234', '', 'shared')).toBe(true);
    expect(isPinAttempt('ab1234', 'shared', 'shared')).toBe(true);
    expect(isPinAttempt('ab1234', 'a-password', 'shared')).toBe(false);
    expect(isPinAttempt('inga.vitola', '', 'shared')).toBe(false);
  });
});
