import type { DemoIds, Trx } from './demo.js';

/** Bundles, notifications and login-page links of the demo organisation (the learning-content issue fills it). */
export async function seedDemoContent(_trx: Trx, _ids: DemoIds): Promise<void> {}
