import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';
export type PortalMigration = (dialect: Dialect) => {
  up(db: Kysely<unknown>): Promise<void>;
  down(db: Kysely<unknown>): Promise<void>;
};
