// What the balance calls answer (decision 0020).
import { z } from '../zod.ts';
import { fen, pagedOf } from '../responses.ts';

/** balance/ledger: the customer's entries, newest first, and the balance now. */
export const LedgerPageSchema = pagedOf(
  z.object({
    delta_fen: fen,
    kind: z.enum(['credit', 'payment', 'refund']),
    balance_after_fen: fen,
    note: z.string(),
    at: z.string(),
  }),
).extend({ balance_fen: fen });

/** The staff's balance credit: the balance after it, and whether the key had been used before. */
export const CreditedSchema = z.object({ balance_fen: fen, duplicate: z.boolean() });
