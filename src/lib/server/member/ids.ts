import { randomBytes } from 'node:crypto';
import type { Db } from '../platform/db/client.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Public ids: a letter for the kind and 72 random bits, URL-safe. */
export const newAddressRid = () => `a${randomBytes(9).toString('base64url')}`;
export const newSamplingRid = () => `s${randomBytes(9).toString('base64url')}`;
