import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { PortalMigration } from './index.js';

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

/** The whole data model of the spec's section 3, plus sessions, sign-in attempts and the audit log. */
export const initial: PortalMigration = (dialect) => {
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('store_types'))
        .addColumn('alias', 'text', (c) => c.notNull().unique())
        .addColumn('label', 'text', notNull)
        .execute();

      await withId(db.schema.createTable('departments'))
        .addColumn('alias', 'text', (c) => c.notNull().unique())
        .addColumn('label', 'text', notNull)
        .addColumn('country', 'text', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('store_type_id', 'integer', (c) => c.references('store_types.id'))
        .execute();
      await db.schema.createIndex('departments_country').on('departments').columns(['country', 'kind']).execute();

      await withId(db.schema.createTable('positions'))
        .addColumn('alias', 'text', notNull)
        .addColumn('country', 'text', notNull)
        .addColumn('label', 'text', notNull)
        .addUniqueConstraint('positions_alias_country', ['alias', 'country'])
        .execute();

      await withId(db.schema.createTable('users'))
        .addColumn('login', 'text', (c) => c.notNull().unique())
        .addColumn('pass_hash', 'text')
        .addColumn('role', 'text', notNull)
        .addColumn('typ', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('surname', 'text', notNull)
        .addColumn('search_name', 'text', notNull)
        .addColumn('country', 'text', notNull)
        .addColumn('language', 'text', notNull)
        .addColumn('position_id', 'integer', (c) => c.references('positions.id'))
        .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
        .addColumn('long_term', 'integer', flag)
        .addColumn('goals_intro_seen', 'integer', flag)
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('users_department').on('users').columns(['department_id', 'surname']).execute();
      await db.schema.createIndex('users_country').on('users').columns(['country', 'surname']).execute();
      await db.schema.createIndex('users_search_name').on('users').column('search_name').execute();
      await db.schema.createIndex('users_position').on('users').column('position_id').execute();

      await withId(db.schema.createTable('courses'))
        .addColumn('alias', 'text', notNull)
        .addColumn('language', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('expiration', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('folder', 'text', notNull)
        .addColumn('course_type', 'text', notNull)
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('enabled'))
        .addColumn('course_order_office', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('course_order_store', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('external_url', 'text')
        .addColumn('launch_file', 'text')
        .addColumn('scorm_version', 'text')
        .addColumn('created_at', 'text', notNull)
        .addUniqueConstraint('courses_alias_language', ['alias', 'language'])
        .execute();

      await db.schema
        .createTable('course_positions')
        .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
        .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('course_positions_pk', ['course_id', 'position_id'])
        .execute();
      await db.schema.createIndex('course_positions_position').on('course_positions').column('position_id').execute();

      await db.schema
        .createTable('additional_courses')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('course_alias', 'text', notNull)
        .addColumn('added_by', 'integer')
        .addColumn('added_at', 'text', notNull)
        .addPrimaryKeyConstraint('additional_courses_pk', ['user_id', 'course_alias'])
        .execute();

      await withId(db.schema.createTable('course_results'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('course_alias', 'text', notNull)
        .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
        .addColumn('complete', 'integer', flag)
        .addColumn('finish_time', 'text')
        .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('lesson_status', 'text')
        .addColumn('completion_status', 'text')
        .addColumn('success_status', 'text')
        .addColumn('score_raw', 'real')
        .addColumn('location', 'text')
        .addColumn('suspend_data', 'text')
        .addColumn('total_time', 'text')
        .addColumn('cmi_json', 'text')
        .addColumn('updated_at', 'text', notNull)
        .addUniqueConstraint('course_results_user_course', ['user_id', 'course_alias'])
        .execute();
      await db.schema.createIndex('course_results_alias').on('course_results').column('course_alias').execute();

      await withId(db.schema.createTable('course_completions'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('course_alias', 'text', notNull)
        .addColumn('finish_time', 'text', notNull)
        .addColumn('source', 'text', notNull)
        .addColumn('recorded_by', 'integer')
        .execute();
      await db.schema
        .createIndex('course_completions_user')
        .on('course_completions')
        .columns(['user_id', 'course_alias'])
        .execute();

      await withId(db.schema.createTable('scorm_call_log'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
        .addColumn('attempt', 'integer', notNull)
        .addColumn('at', 'text', notNull)
        .addColumn('calls_json', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('scorm_call_log_user')
        .on('scorm_call_log')
        .columns(['user_id', 'course_id'])
        .execute();

      await withId(db.schema.createTable('goals'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('slot', 'integer', notNull)
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('quarter', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', notNull)
        .addUniqueConstraint('goals_user_slot', ['user_id', 'slot'])
        .execute();

      await withId(db.schema.createTable('tasks'))
        .addColumn('goal_id', 'integer', (c) => c.notNull().references('goals.id').onDelete('cascade'))
        .addColumn('slot', 'integer', notNull)
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('percentage', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('tasks_goal_slot', ['goal_id', 'slot'])
        .execute();

      await withId(db.schema.createTable('bundles'))
        .addColumn('kind', 'text', notNull)
        .addColumn('country', 'text', notNull)
        .addColumn('category_id', 'integer', notNull)
        .addColumn('category_name', 'text', notNull)
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('completion_type', 'text', notNull)
        .addColumn('mandatory', 'integer', flag)
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await withId(db.schema.createTable('bundle_resources'))
        .addColumn('bundle_id', 'integer', (c) => c.notNull().references('bundles.id').onDelete('cascade'))
        .addColumn('title', 'text', notNull)
        .addColumn('resource_type', 'text', notNull)
        .addColumn('resource_path', 'text', notNull)
        .addColumn('button_string', 'text')
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('bundle_resources_bundle').on('bundle_resources').column('bundle_id').execute();

      await db.schema
        .createTable('bundle_positions')
        .addColumn('bundle_id', 'integer', (c) => c.notNull().references('bundles.id').onDelete('cascade'))
        .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('bundle_positions_pk', ['bundle_id', 'position_id'])
        .execute();
      await db.schema.createIndex('bundle_positions_position').on('bundle_positions').column('position_id').execute();

      await db.schema
        .createTable('bundle_progress')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('bundle_id', 'integer', (c) => c.notNull().references('bundles.id').onDelete('cascade'))
        .addColumn('seen', 'integer', flag)
        .addColumn('complete', 'integer', flag)
        .addColumn('seen_at', 'text')
        .addColumn('completed_at', 'text')
        .addPrimaryKeyConstraint('bundle_progress_pk', ['user_id', 'bundle_id'])
        .execute();

      await withId(db.schema.createTable('notifications'))
        .addColumn('alias', 'text', notNull)
        .addColumn('language', 'text', notNull)
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('name', 'text', notNull)
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('external', 'integer', flag)
        .addColumn('link', 'text')
        .addColumn('created_at', 'text', notNull)
        .addUniqueConstraint('notifications_alias_language', ['alias', 'language'])
        .execute();

      await db.schema
        .createTable('notification_reads')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
        .addColumn('read_at', 'text', notNull)
        .addPrimaryKeyConstraint('notification_reads_pk', ['user_id', 'notification_id'])
        .execute();

      await withId(db.schema.createTable('login_links'))
        .addColumn('link_type', 'text', notNull)
        .addColumn('language', 'text', notNull)
        .addColumn('heading', 'text', notNull)
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('url', 'text', notNull)
        .addColumn('is_anon', 'integer', flag)
        .addColumn('bold_border', 'integer', flag)
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('last_seen_at', 'text', notNull)
        .addColumn('expires_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('login_attempts')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'text', notNull)
        .addColumn('failures', 'integer', notNull)
        .execute();

      await withId(db.schema.createTable('audit_log'))
        .addColumn('at', 'text', notNull)
        .addColumn('actor_id', 'integer')
        .addColumn('action', 'text', notNull)
        .addColumn('subject_type', 'text', notNull)
        .addColumn('subject_id', 'text')
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .execute();
      await db.schema
        .createIndex('audit_log_subject')
        .on('audit_log')
        .columns(['subject_type', 'subject_id'])
        .execute();
    },

    async down(db: AnyDb) {
      const tables = [
        'audit_log',
        'login_attempts',
        'sessions',
        'login_links',
        'notification_reads',
        'notifications',
        'bundle_progress',
        'bundle_positions',
        'bundle_resources',
        'bundles',
        'tasks',
        'goals',
        'scorm_call_log',
        'course_completions',
        'course_results',
        'additional_courses',
        'course_positions',
        'courses',
        'users',
        'positions',
        'departments',
        'store_types',
      ];
      for (const table of tables) await db.schema.dropTable(table).execute();
    },
  };
};
