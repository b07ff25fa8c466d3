import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/** Algorithm.Argon2id; the package exports it as an ambient const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/** argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes at once for each of `processes` server processes sharing `cores`: its share, at least one. */
export const hashesAtOnce = (cores: number, processes: number): number => Math.max(1, Math.floor(cores / processes));

/**
 * Password hashes computed at once by this process: its share of the cores. argon2id is memory-hard, and more hashes at
 * once than cores make each core switch between 19 MiB working sets, each evicting the other from its caches: a check
 * cost 8.8 ms of CPU two at a time on two cores and 11.2 ms four at a time.
 */
const hashing = pLimit(hashesAtOnce(availableParallelism(), 1));

/** This process is one of `processes` serving on the machine: it takes its share of the cores for hashing. */
export function shareHashingCores(processes: number): void {
  hashing.concurrency = hashesAtOnce(availableParallelism(), processes);
}

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, OPTIONS));
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    await hashing(() => verify(DUMMY_HASH, password)).catch(() => false);
    return false;
  }
  try {
    return await hashing(() => verify(stored, password));
  } catch {
    return false;
  }
}

/**
 * A sign-in that needs no password check (a store learner's PIN) still makes one, against the dummy hash, so a valid
 * PIN costs what an unknown one does and timing does not tell them apart. Answers `matches`.
 */
export async function withPasswordCost(matches: boolean, password: string): Promise<boolean> {
  await verifyPassword(null, password);
  return matches;
}

/** Verified against when there is no account or no password, so timing does not tell which. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$J4IGmv8ESqxFAzeTNpmzuA$Mz6yfA/X5muvhs972kvuTSJ7Acw9InZBvXJ7+IHNqHI';
