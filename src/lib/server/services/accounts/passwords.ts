import { hash, verify, type Algorithm } from '@node-rs/argon2';

// argon2id with OWASP's/ASVS's minimum: m = 19 MiB, t = 2, p = 1. The enum is a const enum in
// the package's types, which type stripping cannot inline, hence the literal (2 = Argon2id).
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Checked when the account does not exist, so a miss costs as much time as a wrong password.
let dummyHash: Promise<string> | undefined;

/** True when password matches; with no hash (unknown account, no password) always false. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash('not-a-real-password', OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
