// What the reservation calls answer (decision 0020): the schemas, and the types derived from them.
import { z } from '../zod.ts';
import { fen, pagedOf, ridOut } from '../responses.ts';
import { DeviceSummarySchema } from '../catalogue/responses.ts';
import { CustomerRefSchema } from '../accounts/responses.ts';
import { ORDER_STATUSES } from '../orders/order-status.ts';
import { BLOCK_KINDS, RESERVATION_STATUSES, TEMP_DEVICE_STATUSES } from './reservation-rules.ts';

const orderStatus = z.enum(ORDER_STATUSES);
const status = z.enum(RESERVATION_STATUSES);
const customer = CustomerRefSchema;

export const ReservationDeviceSchema = z.object({
  rid: ridOut,
  name: z.string(),
  model: z.string(),
  location: z.string(),
  img: z.string(),
});
export type ReservationDevice = z.output<typeof ReservationDeviceSchema>;

export const TempDeviceBriefSchema = z.object({
  rid: ridOut,
  name: z.string(),
  model: z.string(),
  status: z.enum(TEMP_DEVICE_STATUSES),
  status_text: z.string(),
});
export type TempDeviceBrief = z.output<typeof TempDeviceBriefSchema>;

export const ReservationItemSchema = z.object({
  rid: ridOut,
  order_rid: ridOut,
  order_no: z.string(),
  order_status: orderStatus,
  order_status_text: z.string(),
  device: ReservationDeviceSchema,
  start: z.string(),
  end: z.string(),
  status,
  status_text: z.string(),
  amount_fen: fen,
  remark: z.string(),
  cancel_reason: z.string(),
  cancellable: z.boolean(),
  cancel_deadline: z.string(),
  temp_devices: z.array(TempDeviceBriefSchema),
  /** The time actually used, recorded at 标记完成 (decision 0087); null before. */
  actual_start: z.string().nullable(),
  actual_end: z.string().nullable(),
  created: z.string(),
});
export type ReservationItem = z.output<typeof ReservationItemSchema>;

export const ReservationAddedSchema = z.object({
  rid: ridOut,
  order_rid: ridOut,
  order_no: z.string(),
  status,
  status_text: z.string(),
  order_status: orderStatus,
  order_status_text: z.string(),
  amount_fen: fen,
  start: z.string(),
  end: z.string(),
  scene_date: z.string().nullable(),
});
export type ReservationAdded = z.output<typeof ReservationAddedSchema>;

/** reservation/cancel: where the reservation and its order now stand. */
export const ReservationCancelledSchema = z.object({
  rid: ridOut,
  status,
  status_text: z.string(),
  order_status: orderStatus,
  order_status_text: z.string(),
});

/** reservation/list4person: a page, and the customer's scene date (no pickup from that day). */
export const OwnReservationPageSchema = pagedOf(ReservationItemSchema).extend({
  scene_date: z.string().nullable(),
});
export const StaffReservationPageSchema = pagedOf(ReservationItemSchema.extend({ customer }));

export const TempDeviceItemSchema = z.object({
  rid: ridOut,
  name: z.string(),
  model: z.string(),
  description: z.string(),
  status: z.enum(TEMP_DEVICE_STATUSES),
  status_text: z.string(),
  note: z.string(),
  reservation_rid: ridOut.nullable(),
  created: z.string(),
});
export type TempDeviceItem = z.output<typeof TempDeviceItemSchema>;
export const TempDevicePageSchema = pagedOf(TempDeviceItemSchema);
/** The staff's list names each device's customer. */
export const StaffTempDevicePageSchema = pagedOf(TempDeviceItemSchema.extend({ customer }));

export const BlockItemSchema = z.object({
  rid: ridOut,
  kind: z.enum(BLOCK_KINDS),
  kind_text: z.string(),
  device: z.object({ rid: ridOut, name: z.string() }).nullable(),
  start: z.string(),
  end: z.string(),
  reason: z.string(),
  created: z.string(),
});
export type BlockItem = z.output<typeof BlockItemSchema>;
/** block/add: the block and how many active reservations it overlaps. */
export const BlockAddedSchema = BlockItemSchema.extend({ conflicts: z.number().int() });
export const BlockPageSchema = pagedOf(BlockItemSchema);

/** An instrument as staff manage it. */
export const StaffDeviceSchema = DeviceSummarySchema.extend({
  on_sale: z.boolean(),
  specs: z.array(z.object({ name: z.string(), value: z.string() })),
  sort: z.number(),
  /** Samples per week (decisions 0082, 0097); null: not set. */
  weekly_capacity: z.number().int().nullable(),
});
export const StaffDevicePageSchema = pagedOf(StaffDeviceSchema);

export const RemovedSchema = z.object({ rid: ridOut });

export const ReservationSettingsSchema = z.object({
  /** 'HH:mm', on the 30-minute grid. */
  open: z.string(),
  close: z.string(),
  /** 0 = Sunday … 6 = Saturday. */
  closed_weekdays: z.array(z.number().int().min(0).max(6)),
  /** A customer may cancel until this many hours before the start. */
  cancel_hours: z.number(),
});

/** A customer authorised (trained) on an instrument (decision 0087). */
export const AuthorizationItemSchema = z.object({
  device: z.object({ rid: ridOut, name: z.string() }),
  customer,
  note: z.string(),
  granted_at: z.string(),
});
export const AuthorizationPageSchema = pagedOf(AuthorizationItemSchema);
/** Customers a staff search finds by phone or name, for booking on their behalf. */
export const CustomerMatchesSchema = z.object({ list: z.array(customer) });
