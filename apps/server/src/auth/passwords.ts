import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package exports it as an ambient const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/** argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Verified against when there is no account or no password, so timing does not tell which. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$J4IGmv8ESqxFAzeTNpmzuA$Mz6yfA/X5muvhs972kvuTSJ7Acw9InZBvXJ7+IHNqHI';
