import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { DomainError } from '../platform/errors.ts';

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

export const COMMON_PASSWORD = '该密码过于常见，容易被猜中，请换一个更安全的密码';
export const PASSWORD_HAS_PHONE = '密码不能包含手机号，请换一个更安全的密码';

// Popular in Chinese leaks (CSDN, 2011) but missing from the zxcvbn list, which is mostly Western.
const CHINESE_COMMON = [
  'woaini1314',
  'woaini520',
  '5201314520',
  '1314520520',
  '147258369',
  '123123123',
  '789456123',
  '159357456',
  'dearbook',
  '111222tianya',
  'zxcvbnm123',
  'qq123456789',
  'a123456789',
];

// zxcvbn-ts's list of about 49,000 passwords seen most often in breaches, loaded on first use.
let common: Promise<Set<string>> | undefined;
const commonPasswords = () =>
  (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set([...dictionary['passwords-common'], ...CHINESE_COMMON]),
  ));

/**
 * Refuses a password being set when it is on the list of common and breached passwords (case
 * ignored), is one character repeated, or contains the account's phone number (ASVS 5, 6.2).
 */
export async function assertPasswordAllowed(password: string, phone: string): Promise<void> {
  const lower = password.toLowerCase();
  if (/^(.)\1*$/.test(password) || (await commonPasswords()).has(lower))
    throw new DomainError(COMMON_PASSWORD);
  if (phone && password.includes(phone)) throw new DomainError(PASSWORD_HAS_PHONE);
}
