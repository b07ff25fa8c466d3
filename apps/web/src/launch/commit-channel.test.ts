import { COMMIT_DEFLATE_TYPE } from '@portal/shared';
import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { beaconBody } from './commit-channel';

const BUDGET = 64 * 1024;

/** Text that deflate cannot shrink much: random bytes in base64 (about 3/4 of its length deflated). */
const noise = (length: number) => randomBytes(length).toString('base64').slice(0, length);

const commit = (suspend: string, logValue = '') => ({
  token: 'a'.repeat(20),
  seq: 1,
  sco: 's',
  cmi: { cmi: { suspend_data: suspend } },
  log: logValue ? [{ t: 1, call: 'SetValue', element: 'cmi.suspend_data', value: logValue }] : [],
});

async function inflated(blob: Blob): Promise<unknown> {
  return JSON.parse(inflateRawSync(Buffer.from(await blob.arrayBuffer())).toString());
}

describe('a commit as the page goes away fits the 64 KiB a beacon may carry', () => {
  it('goes as JSON when it fits', async () => {
    const blob = beaconBody(commit('short'))!;
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual(commit('short'));
  });

  it('goes deflated when larger, whole', async () => {
    const body = commit('ab'.repeat(200_000));
    const blob = beaconBody(body)!;
    expect(blob.type).toBe(COMMIT_DEFLATE_TYPE);
    expect(blob.size).toBeLessThanOrEqual(BUDGET);
    expect(await inflated(blob)).toEqual(body);
  });

  it('leaves its log out when only that makes it too large, and is refused when the data model alone does not fit', async () => {
    const body = commit(noise(50_000), noise(50_000));
    const blob = beaconBody(body)!;
    expect(blob.size).toBeLessThanOrEqual(BUDGET);
    expect(await inflated(blob)).toEqual({ ...body, log: [] });
    expect(beaconBody(commit(noise(200_000)))).toBeNull();
  });
});
