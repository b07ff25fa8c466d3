// What the server's thread (sqlite-reader.ts) and the second SQLite connection's thread say to each other.

export interface ReaderSetup {
  file: string;
  cacheKib: number;
}

export interface ReaderQuestion {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

export type ReaderAnswer = { id: number; rows: Record<string, unknown>[] } | { id: number; failure: string };
