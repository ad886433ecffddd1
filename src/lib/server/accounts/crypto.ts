import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque bearer secret: 32 random bytes (256 bits), URL-safe. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Tokens are looked up by this hash, so a database leak does not hand out live sessions. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A 6-digit SMS code from the CSPRNG, leading zeros kept. */
export const newSmsCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** The salted hash a code is stored as; phone and purpose bind it to one use. */
export const hashSmsCode = (salt: string, phone: string, purpose: number, code: string) =>
  sha256(`${salt}:${phone}:${purpose}:${code}`);

// No 0/O or 1/I: people read invite codes aloud and type them from paper.
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newInviteCode(length = 6): string {
  let out = '';
  for (let i = 0; i < length; i++) out += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
  return out;
}
