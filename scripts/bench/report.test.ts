import { describe, expect, it } from 'vitest';
import { flooredRatio } from './report.js';

describe('flooredRatio', () => {
  it('rounds down, so that a ratio under its budget never prints as the budget', () => {
    expect(flooredRatio(0.5961)).toBe('0.59');
    expect(flooredRatio(0.7999)).toBe('0.79');
    expect(flooredRatio(1.238)).toBe('1.23');
  });

  it('keeps a ratio of exactly two decimals as it is', () => {
    expect(flooredRatio(0.6)).toBe('0.60');
    expect(flooredRatio(0.29)).toBe('0.29');
    expect(flooredRatio(0.57)).toBe('0.57');
  });
});
