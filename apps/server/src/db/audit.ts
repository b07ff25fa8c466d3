import type { Db } from './connect.js';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  subjectType: string;
  subjectId: string | number | null;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: new Date().toISOString(),
      actor_id: entry.actorId,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId === null ? null : String(entry.subjectId),
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
