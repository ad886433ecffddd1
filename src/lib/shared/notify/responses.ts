// What the message calls answer (decision 0020).
import { z } from '../zod.ts';
import { pagedOf, ridOut } from '../responses.ts';

/** message/list: in-system messages, newest first, with the unread count. */
export const MessagePageSchema = pagedOf(
  z.object({
    rid: ridOut,
    title: z.string(),
    body: z.string(),
    order_rid: ridOut.nullable(),
    read: z.boolean(),
    created: z.string(),
  }),
).extend({ unread: z.number().int() });

/** message/read: how many are still unread. */
export const UnreadSchema = z.object({ unread: z.number().int() });
