import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
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

const COMMON_PASSWORD = '该密码过于常见，容易被猜中，请换一个更安全的密码';
const WEAK_PASSWORD = '该密码太容易被猜中，请加长密码，或用几个不相关的词加数字组合';
const PASSWORD_HAS_PHONE = '密码不能包含手机号，请换一个更安全的密码';

/** zxcvbn's score 3: about 10^10 guesses, which an offline attack on argon2id cannot afford. */
const MIN_SCORE = 3;

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
  'woaini',
  'zhang',
  'li',
  'wang',
  'liu',
  'chen',
];

// zxcvbn-ts with its list of about 49,000 passwords seen most often in breaches (plus the Chinese
// ones above), matched also reversed, in l33t spelling (Passw0rd, P@ssw0rd) and as parts of a
// longer password, and keyboard patterns; built on first use (the lists take a moment).
let estimator: Promise<ZxcvbnFactory> | undefined;
const zxcvbn = () =>
  (estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, common]) =>
      new ZxcvbnFactory({
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, 'chinese-common': CHINESE_COMMON },
      }),
  ));

/**
 * Refuses a password being set when it contains the account's phone number, or when zxcvbn
 * estimates it guessable in under 10^10 tries: a common or breached password (case, l33t
 * spelling and a few added characters make no difference), a keyboard walk, a repeat or a
 * sequence (ASVS 5, 6.2.4 and 6.2.11).
 */
export async function assertPasswordAllowed(password: string, phone: string): Promise<void> {
  if (phone && password.includes(phone)) throw new DomainError(PASSWORD_HAS_PHONE);
  const result = await (await zxcvbn()).checkAsync(password, phone ? [phone] : []);
  if (result.score >= MIN_SCORE) return;
  const common = result.sequence.some((m) => m.pattern === 'dictionary' || m.pattern === 'repeat');
  throw new DomainError(common ? COMMON_PASSWORD : WEAK_PASSWORD);
}
