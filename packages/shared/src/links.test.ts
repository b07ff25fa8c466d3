import { describe, expect, it } from 'vitest';
import { isSafeLink, safeHref } from './links.js';

describe('links in authored content', () => {
  it.each([
    ['/home', '/home'],
    ['/resources?lang=lv#top', '/resources?lang=lv#top'],
    [' /home', '/home'],
    ['/a\\b', '/a/b'],
    ['https://example.lv/x', 'https://example.lv/x'],
    ['HTTP://Example.lv', 'http://example.lv/'],
  ])('keeps %j as %j', (value, href) => {
    expect(safeHref(value)).toBe(href);
    expect(isSafeLink(value)).toBe(true);
  });

  it.each([
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '\t//evil.example',
    '//evil.example',
    'java\tscript:alert(1)',
    'javascript:alert(1)',
    'data:text/html,x',
    'mailto:a@b.lv',
    'home',
    '',
  ])('refuses %j, which leaves the portal or is not a page', (value) => {
    expect(safeHref(value)).toBeNull();
    expect(isSafeLink(value)).toBe(false);
  });
});
