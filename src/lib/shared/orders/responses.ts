// What the order calls answer (decision 0020): the schemas, and the types derived from them.
import { z } from '../zod.ts';
import { MyAdvisorSchema } from '../customers/advisor.ts';
import { OrderSampleSchema } from '../samples/responses.ts';
import { fen, pagedOf, ridOut } from '../responses.ts';
import { CouponOptionSchema, OrderCouponSchema } from '../coupons/responses.ts';
import { DeviceSummarySchema } from '../catalogue/responses.ts';
import { CustomerRefSchema } from '../accounts/responses.ts';
import { ORDER_STATUSES } from './order-status.ts';

const status = z.enum(ORDER_STATUSES);

/** The sample delivery as the order keeps it: type 0 self-delivery, 1 pickup (decision 0017). */
const DeliveryOutSchema = z.object({
  type: z.union([z.literal(0), z.literal(1)]),
  date: z.string().optional(),
  time: z.string().optional(),
  message: z.string().optional(),
  name: z.string().optional(),
  phone: z.string().optional(),
  province: z.string().optional(),
  city: z.string().optional(),
  area: z.string().optional(),
  address: z.string().optional(),
  address_code: z.string().optional(),
  address_rid: z.string().optional(),
});

export const OrderLineSchema = z.object({
  item_rid: ridOut,
  name: z.string(),
  price_fen: fen,
  unit: z.string(),
  sample_count: z.number().int(),
  parameters: z.record(z.string(), z.string()),
  source: z.number(),
  source_order_rid: ridOut.nullable(),
  disposal: z.number(),
  line_fen: fen,
  /** The item's promised working days when ordered; null: none (decision 0079). */
  turnaround_days: z.number().int().nullable(),
  /** 预计收样后 N 个工作日内开始测试 as told when ordered or quoted (decision 0097); null: none. */
  start_estimate_days: z.number().int().nullable(),
});
export type OrderLine = z.output<typeof OrderLineSchema>;

export const OrderEventSchema = z.object({
  from: status.nullable(),
  to: status,
  action: z.string(),
  actor: z.enum(['customer', 'staff', 'system']),
  note: z.string(),
  at: z.string(),
});
export type OrderEvent = z.output<typeof OrderEventSchema>;
/** A timeline entry in the console: `by` names the staff member for staff events ('' otherwise). */
export const StaffOrderEventSchema = OrderEventSchema.extend({ by: z.string() });
export type StaffOrderEvent = z.output<typeof StaffOrderEventSchema>;

export const OrderFileSchema = z.object({
  rid: ridOut,
  kind: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  created: z.string(),
});
export type OrderFile = z.output<typeof OrderFileSchema>;

export const OrderSummarySchema = z.object({
  rid: ridOut,
  order_no: z.string(),
  type_id: z.number(),
  status,
  status_text: z.string(),
  customer_kind: z.enum(['institution', 'enterprise']),
  pay_mode: z.enum(['after', 'before']),
  amount_fen: fen,
  quoted_fen: fen.nullable(),
  paid_fen: fen,
  item_names: z.array(z.string()),
  /** The last day (YYYY-MM-DD, Shanghai) the quote may be accepted; null before a quote. */
  quote_valid_until: z.string().nullable(),
  /** 0 the customer posts the sample, 1 pickup. */
  delivery_type: z.union([z.literal(0), z.literal(1)]),
  /** The promised date for the data (YYYY-MM-DD, Shanghai), fixed at receipt; null before (decision 0079). */
  due_date: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type OrderSummary = z.output<typeof OrderSummarySchema>;

/** The customer on a staff order row or page: who, their organisation and PI (decision 0084). */
export const OrderCustomerSchema = CustomerRefSchema.extend({
  /** 0 student, 3 teacher, 1 individual, 2 enterprise; null before the profile is completed. */
  organization: z.number().int().nullable(),
  /** The person in charge: a student's teacher, an enterprise's leader; '' for the others. */
  pi: z.string(),
});
export type OrderCustomer = z.output<typeof OrderCustomerSchema>;
/** A row of the staff order list: the summary and its customer. */
export const StaffOrderSummarySchema = OrderSummarySchema.extend({ customer: OrderCustomerSchema });
export type StaffOrderSummary = z.output<typeof StaffOrderSummarySchema>;

/** What the order keeps of a demand (orders.demand), shown with the order. */
export const DemandInfoSchema = z.object({
  description: z.string(),
  sample_count: z.number().int().nullable(),
  sample_note: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
});
export type DemandInfo = z.output<typeof DemandInfoSchema>;

/** A self-delivered sample's courier and tracking number (order/updateExpress). */
export const ExpressSchema = z.object({ company: z.string(), no: z.string(), at: z.string() });

/** One line of an itemised quote (decision 0039). */
export const QuoteLineSchema = z.object({
  name: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unit_price_fen: fen,
  /** quantity × unit price. */
  amount_fen: fen,
});

/** The order's quote: its lines (none for a single-amount quote), discount, total and validity. */
export const QuoteSchema = z.object({
  lines: z.array(QuoteLineSchema),
  subtotal_fen: fen,
  discount: z.object({ name: z.string(), amount_fen: fen }).nullable(),
  /** What the order is charged: its quoted_fen. */
  total_fen: fen,
  valid_until: z.string(),
  /** Past valid_until (Shanghai): the customer can no longer accept (pay) it. */
  expired: z.boolean(),
  note: z.string(),
  quoted_at: z.string(),
  /** 预计收样后 N 个工作日出数据: the promise the quote makes; null: none (decision 0079). */
  turnaround_days: z.number().int().nullable(),
  /** 预计收样后 N 个工作日内开始测试 when quoted (decision 0097); null: no estimate. */
  start_estimate_days: z.number().int().nullable(),
});
export type Quote = z.output<typeof QuoteSchema>;

/** A picture of the samples as they arrived (files of kind receipt). */
export const ReceiptPhotoSchema = z.object({
  rid: ridOut,
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});

/** What staff recorded when samples arrived: received, or refused with a reason. */
export const ReceiptSchema = z.object({
  outcome: z.enum(['received', 'rejected']),
  /** How many arrived; null when a refusal recorded none. */
  count: z.number().int().nullable(),
  /** intact, damaged, count_mismatch or other (RECEIPT_CONDITIONS); null when none was recorded. */
  condition: z.string().nullable(),
  condition_text: z.string(),
  condition_note: z.string(),
  /** Why the samples were refused ('' when received). */
  reason: z.string(),
  note: z.string(),
  photos: z.array(ReceiptPhotoSchema),
  at: z.string(),
});
export type Receipt = z.output<typeof ReceiptSchema>;

export const OrderDetailSchema = OrderSummarySchema.extend({
  delivery: DeliveryOutSchema,
  /** Self-delivery: the courier and tracking number the customer gave, else null. */
  express: ExpressSchema.nullable(),
  remark: z.string(),
  /** The quote request the order came from (/experiment/demand), else null. */
  demand: DemandInfoSchema.nullable(),
  items: z.array(OrderLineSchema),
  timeline: z.array(OrderEventSchema),
  files: z.array(OrderFileSchema),
  /** The customer's evaluation; `edited` is when it was changed (it may be changed once). */
  evaluation: z
    .object({ score: z.number(), content: z.string(), created: z.string(), edited: z.string().nullable() })
    .nullable(),
  /** The coupon that paid part of the order, and what it took from each line. */
  coupon: OrderCouponSchema.nullable(),
  /** The quote staff made (itemised or one amount), else null. */
  quote: QuoteSchema.nullable(),
  /** Sample receipts and refusals, oldest first. */
  receipts: z.array(ReceiptSchema),
  /** The order's samples (decision 0069), in label order; none for data analysis. */
  samples: z.array(OrderSampleSchema),
});
export type OrderDetail = z.output<typeof OrderDetailSchema>;

/** order/list4person and the staff list: a page, and what the customer's 待结算 orders owe. */
export const OrderPageSchema = pagedOf(OrderSummarySchema).extend({ owed_fen: fen });
export const StaffOrderPageSchema = pagedOf(StaffOrderSummarySchema).extend({ owed_fen: fen });

/** An order order/add created. */
export const PlacedOrderSchema = z.object({
  rid: ridOut,
  order_no: z.string(),
  status,
  status_text: z.string(),
  amount_fen: fen,
  /** The project type (1 送样检测, 3 数据分析) and its name: the plan page labels orders by it. */
  type_id: z.number(),
  type_name: z.string(),
});
export type PlacedOrder = z.output<typeof PlacedOrderSchema>;
export const PlacedOrdersSchema = z.object({ list: z.array(PlacedOrderSchema) });

/** POST /api/auth/order/demand answer: the order placed in 待报价 and how many attachments it took. */
export const DemandResultSchema = PlacedOrderSchema.extend({ files: z.number().int() });
export type DemandResult = z.output<typeof DemandResultSchema>;

/** order/count4person: orders per status and in all. */
export const OrderCountsSchema = z.object({
  counts: z.partialRecord(status, z.number().int()),
  total: z.number().int(),
});

/** An order's status after a move (cancel, staff steps). */
export const OrderMovedSchema = z.object({ status, status_text: z.string() });
export const StaffMovedSchema = OrderMovedSchema.extend({ rid: ridOut });

/** Which sub-balances a payment takes (or a refund gives back). */
export const SplitSchema = z.object({ bonus_fen: fen, cash_fen: fen, credit_fen: fen });

/** The console's dashboard (/api/admin/dashboard). */
export const DashboardSchema = z.object({
  orders: z.record(status, z.number().int()),
  /** Today's Shanghai date and the orders received and delivered on it. */
  today: z.object({ date: z.string(), received: z.number().int(), delivered: z.number().int() }),
  /** Orders past a service promise of the spec (decision 0032); each list is promise/list. */
  overdue: z.object({
    manager_calls: z.number().int(),
    data_reminders: z.number().int(),
    sample_returns: z.number().int(),
    disposals: z.number().int(),
  }),
  money: z.object({
    prestore_reviewing: z.number().int(),
    prestore_refunds: z.number().int(),
    transfers_reviewing: z.number().int(),
    credit_reviewing: z.number().int(),
    /** Manual credits waiting for a second staff member (decision 0045). */
    credits_awaiting_second: z.number().int(),
  }),
});

/** web/order/ready2pay: what paying now would take. */
export const ReadyToPaySchema = z.object({
  rid: ridOut,
  order_no: z.string(),
  status,
  status_text: z.string(),
  amount_fen: fen,
  /** The usable coupons with what each would take off this order, best first (decision 0026). */
  coupons: z.array(CouponOptionSchema),
  /** The coupon applied below (the suggested or the chosen one), else null. */
  coupon_rid: ridOut.nullable(),
  discount_fen: fen,
  /** What is left to pay after the coupon: the splits below are for this amount. */
  pay_fen: fen,
  /** cash + bonus: what a balance payment may draw on. */
  balance_fen: fen,
  cash_fen: fen,
  bonus_fen: fen,
  credit_limit_fen: fen,
  credit_available_fen: fen,
  /** Credit past its term: credit payments are refused until it is repaid. */
  credit_overdue_fen: fen,
  /** Staff suspended the line (decision 0088): no credit payments; the reason is the customer's to read. */
  credit_suspended: z.boolean(),
  credit_suspend_reason: z.string(),
  /** Where each way of paying would take the money from; null when it cannot pay. */
  split: z.object({ balance: SplitSchema.nullable(), credit: SplitSchema.nullable() }),
  /** The online channels offered (decision 0025); empty when online payment is off. */
  online_channels: z.array(z.enum(['wechatpay', 'alipay'])),
  payable: z.boolean(),
  /** Why an order that owes money cannot be paid now (an expired quote), else null. */
  blocked: z.string().nullable(),
});

/** web/order/pay: the order's new status, the balance left and where the money came from. */
export const PaidSchema = z.object({
  status,
  status_text: z.string(),
  balance_fen: fen,
  paid_fen: fen,
  paid: SplitSchema,
  /** What the coupon took off (0 without one). */
  discount_fen: fen,
});

/** order/history4user: past orders whose samples the lab keeps. */
export const KeptSamplesPageSchema = pagedOf(
  z.object({
    rid: ridOut,
    order_no: z.string(),
    created: z.string(),
    items: z.array(z.object({ item_rid: ridOut, name: z.string(), sample_count: z.number().int() })),
  }),
);

export const TestRecordSchema = z.object({
  list: z.array(OrderEventSchema.extend({ status_text: z.string() })),
});

export const RecycleAddedSchema = z.object({ rid: ridOut });
export const RecyclePageSchema = pagedOf(
  z.object({
    rid: ridOut,
    order_rid: ridOut,
    order_no: z.string(),
    status: z.string(),
    name: z.string(),
    phone: z.string(),
    address: z.string(),
    message: z.string(),
    created: z.string(),
  }),
);

export const OrderFilesSchema = z.object({ list: z.array(OrderFileSchema) });
export const RelatedDevicesSchema = z.object({ list: z.array(DeviceSummarySchema) });

/** The staff's order detail: the order and its customer. */
export const OrderRemarkSchema = z.object({ at: z.string(), author: z.string(), text: z.string() });
export type OrderRemark = z.output<typeof OrderRemarkSchema>;

/** Where the samples go back (sample4recycle): the customer's request, and whether it was sent. */
export const ReturnAddressSchema = z.object({
  status: z.enum(['pending', 'sent', 'cancelled']),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  message: z.string(),
  created: z.string(),
});

export const StaffOrderDetailSchema = OrderDetailSchema.extend({
  customer: OrderCustomerSchema,
  /** The customer's return request for samples sent back, else null. */
  return_address: ReturnAddressSchema.nullable(),
  /** The customer's 专属顾问 (decision 0090), else null. */
  advisor: MyAdvisorSchema,

  /** The validity a new quote gets unless staff choose a date (QUOTE_VALID_DAYS). */
  quote_valid_days: z.number().int(),
  /** Internal remarks, oldest first; staff only. */
  remarks: z.array(OrderRemarkSchema),
  timeline: z.array(StaffOrderEventSchema),
  /** A valid released report version exists: 出具数据 by hand is possible (decision 0081). */
  report_released: z.boolean(),
});
