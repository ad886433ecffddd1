// Building blocks of the response schemas (each domain's responses.ts): what the API sends back,
// declared in zod so the OpenAPI document describes it and the API tests check every answer
// against it (platform/http/contract.ts). Kept apart from the request schemas the browser loads.
import { z } from './zod.ts';

/** A page of a list: the spec's {list, total}. */
export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int().min(0) });

/** Integer fen (分): every amount. */
export const fen = z.number().int();

/** A public id (`rid`). */
export const ridOut = z.string();

/** A date YYYY-MM-DD (Asia/Shanghai). */
export const dateOut = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The answer of a call that only reports its message. */
export const NoData = z.null();
