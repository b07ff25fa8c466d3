import { describe, expect, it } from 'vitest';
import { clockText, scormTimeSeconds } from './scorm-time.js';

describe('scormTimeSeconds', () => {
  it('reads SCORM 2004 durations and SCORM 1.2 clock times', () => {
    expect(scormTimeSeconds('PT1H2M3S')).toBe(3723);
    expect(scormTimeSeconds('PT4M')).toBe(240);
    expect(scormTimeSeconds('PT0.5S')).toBe(1);
    expect(scormTimeSeconds('P1DT1S')).toBe(86_401);
    expect(scormTimeSeconds('0001:02:03.50')).toBe(3724);
    expect(scormTimeSeconds('00:00:00')).toBe(0);
  });

  it('answers null for what is no time', () => {
    for (const value of [null, undefined, '', 'P', 'PT', '1:2', 'PT1X', '00:61:00', 'soon']) {
      expect([value, scormTimeSeconds(value)]).toEqual([value, null]);
    }
  });
});

describe('clockText', () => {
  it('writes hours, minutes and seconds', () => {
    expect(clockText(3723)).toBe('1:02:03');
    expect(clockText(59)).toBe('0:00:59');
    expect(clockText(90_000)).toBe('25:00:00');
  });
});
