import type { Kysely } from 'kysely';
import type { PortalMigration } from './index.js';

/**
 * Attempts as the player launches them: each learner's attempts of a course with what the run-time reported (status,
 * score, time), the short-lived tokens the content origin commits with, and the run-time evidence kept with each
 * completion (the attempt it came from, its time and score).
 */
export const courseAttempts: PortalMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    const withId = db.schema
      .createTable('course_attempts')
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      );
    await withId
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('course_alias', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('course_id', 'integer', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('launched_at', 'text', (c) => c.notNull())
      .addColumn('status', 'text')
      .addColumn('score', 'real')
      .addColumn('total_time', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('course_attempts_user_course_attempt', ['user_id', 'course_alias', 'attempt'])
      .execute();

    await db.schema
      .createTable('attempt_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('review', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('portal_origin', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('attempt_tokens_user').on('attempt_tokens').column('user_id').execute();

    await db.schema.alterTable('course_completions').addColumn('attempt', 'integer').execute();
    await db.schema.alterTable('course_completions').addColumn('time_spent', 'text').execute();
    await db.schema.alterTable('course_completions').addColumn('score', 'real').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('course_completions').dropColumn('score').execute();
    await db.schema.alterTable('course_completions').dropColumn('time_spent').execute();
    await db.schema.alterTable('course_completions').dropColumn('attempt').execute();
    await db.schema.dropTable('attempt_tokens').execute();
    await db.schema.dropTable('course_attempts').execute();
  },
});
