import { describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase } from '../../test/test-env.js';
import { seedDemoIfEmpty } from '../seed/demo.js';
import { DEVICES_PER_USER, deviceSignIns, rememberDevice } from './sign-in-devices.js';

describe.each(DIALECTS)('sign-in devices on %s', (dialect) => {
  it("keeps each person's most recent browsers only, and answers who signed in from one since when", async () => {
    const database = await openTestDatabase(dialect);
    try {
      const { db } = database;
      await seedDemoIfEmpty(db);
      const [anna, karlis] = await db.selectFrom('users').select('id').orderBy('id').limit(2).execute();
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 8, minute));
      for (let i = 0; i < DEVICES_PER_USER + 5; i++) await rememberDevice(db, `device-${i}`, anna!.id, at(i));
      await rememberDevice(db, 'device-0', karlis!.id, at(30));

      const kept = await db
        .selectFrom('sign_in_devices')
        .select('token_hash')
        .where('user_id', '=', anna!.id)
        .execute();
      expect(kept).toHaveLength(DEVICES_PER_USER);
      expect(kept.map((row) => row.token_hash)).not.toContain('device-4');
      expect(await deviceSignIns(db, 'device-0', at(0))).toEqual([karlis!.id]);
      expect(await deviceSignIns(db, 'device-24', at(0))).toEqual([anna!.id]);
      expect(await deviceSignIns(db, 'device-24', at(25))).toEqual([]);
      expect(await deviceSignIns(db, null, at(0))).toEqual([]);
    } finally {
      await database.dispose();
    }
  }, 60_000);
});
