// The money answers as the islands use them (types only: no zod in the browser bundle).
import type { z } from 'zod';
import type {
  PrestoreContextSchema,
  PrestoreSchema,
  TransferSchema,
} from '../../lib/shared/money/responses.ts';

export type Prestore = z.output<typeof PrestoreSchema>;
export type PrestoreContext = z.output<typeof PrestoreContextSchema>;
export type Transfer = z.output<typeof TransferSchema>;
