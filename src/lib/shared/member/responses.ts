// What the member calls answer (decision 0020): the schemas, and the types derived from them.
import { z } from '../zod.ts';
import { pagedOf, ridOut } from '../responses.ts';
import { UserInfoSchema } from '../accounts/responses.ts';
import { SAMPLING_STATUS } from './sampling.ts';

const RegionSchema = z.object({
  province: z.string(),
  city: z.string(),
  area: z.string(),
  address_code: z.string(),
});

/** An address as user/info and the address endpoints return it; the default one comes first. */
export const AddressSchema = RegionSchema.extend({
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  address_rid: ridOut,
  /** 1 = the default address (exactly one per user who has any). */
  default: z.union([z.literal(0), z.literal(1)]),
  created: z.string(),
});
export type Address = z.output<typeof AddressSchema>;

/** user/info: the account, the address book (default first) and the plan's line count. */
export const UserInfoResponseSchema = z.object({
  userInfo: UserInfoSchema,
  cartNum: z.number().int(),
  address: z.array(AddressSchema),
});

/** update4profile: the account as it now is. */
export const ProfileSavedSchema = z.object({ userInfo: UserInfoSchema });

export const AddressListSchema = pagedOf(AddressSchema);

/** address/del: the address book left. */
export const AddressBookSchema = z.object({ address: z.array(AddressSchema) });

/** A pickup as the sampling endpoints return it. */
export const PickupSchema = RegionSchema.extend({
  rid: ridOut,
  type: z.literal(1),
  status: z.enum(SAMPLING_STATUS),
  status_text: z.string(),
  date: z.string(),
  time: z.string(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  /** The saved address it was made from, or null for a one-off address. */
  address_rid: ridOut.nullable(),
  message: z.string(),
  created: z.string(),
  cancelled: z.string().nullable(),
});
export type Pickup = z.output<typeof PickupSchema>;

export const PickupPageSchema = pagedOf(PickupSchema);
