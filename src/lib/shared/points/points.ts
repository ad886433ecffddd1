// The points (积分) calls' requests (responses: responses.ts), their texts and the pure rules both
// sides apply: how many points a payment earns, which lots a spend takes (decision 0027).
import { z } from '../zod.ts';
import { PageRequestSchema } from '../pagination.ts';
import { fenField, optText, required, ridField } from '../orders/order.ts';

/** 1 point per whole yuan (100 fen) of cash or credit actually paid; the fen below a yuan earn nothing. */
export const FEN_PER_POINT = 100;
export const pointsForFen = (fen: number) => (fen > 0 ? Math.floor(fen / FEN_PER_POINT) : 0);

/** Beyond any real balance; keeps amounts inside an integer column. */
export const MAX_POINTS = 10_000_000;
/** At most this many of one catalogue item in one exchange. */
export const MAX_EXCHANGE_COUNT = 20;

export const ENTRY_KINDS = [
  'earn',
  'reverse',
  'exchange',
  'exchange_return',
  'transfer_out',
  'transfer_in',
  'adjust',
  'expired',
  'invite',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** What a history entry is called on /member/integral and in the console. */
export const ENTRY_TEXT: Record<EntryKind, string> = {
  earn: '订单完成获得',
  reverse: '订单退款扣回',
  exchange: '积分兑换',
  exchange_return: '兑换驳回退回',
  transfer_out: '转出',
  transfer_in: '转入',
  adjust: '人工调整',
  expired: '积分过期',
  invite: '邀请好友注册',
};

export const ITEM_KINDS = ['bonus', 'gift'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
export const ITEM_KIND_TEXT: Record<ItemKind, string> = { bonus: '测试费（赠送金）', gift: '礼品卡' };

export const EXCHANGE_STATUSES = ['done', 'pending', 'fulfilled', 'rejected'] as const;
export type ExchangeStatus = (typeof EXCHANGE_STATUSES)[number];
export const EXCHANGE_STATUS_TEXT: Record<ExchangeStatus, string> = {
  done: '已到账',
  pending: '待发放',
  fulfilled: '已发放',
  rejected: '已驳回',
};

export const NOT_ENOUGH_POINTS = '可用积分不足';
export const POINTS_ITEM_NOT_FOUND = '兑换商品不存在或已下架';
export const EXCHANGE_NOT_FOUND = '兑换申请不存在';
export const NO_SELF_TRANSFER = '不能转赠给自己';
export const RECEIVER_NOT_FOUND = '收款账户不存在，请核对账号或手机号';

type Lot = { id: number; remaining: number; expiresAt: number };

/**
 * Which lots a spend of `points` takes, oldest expiry first (ties by age), the preferred lots
 * (an order's own lot when its points are reversed) before all others. Expired lots are never
 * taken. Returns null when the lots do not hold enough.
 */
export function takeFromLots(
  lots: readonly Lot[],
  points: number,
  now: number,
  prefer: readonly number[] = [],
): { lotId: number; points: number }[] | null {
  const usable = lots
    .filter((l) => l.remaining > 0 && l.expiresAt > now)
    .sort(
      (a, b) =>
        Number(!prefer.includes(a.id)) - Number(!prefer.includes(b.id)) ||
        a.expiresAt - b.expiresAt ||
        a.id - b.id,
    );
  const taken: { lotId: number; points: number }[] = [];
  let left = points;
  for (const lot of usable) {
    if (left === 0) break;
    const n = Math.min(lot.remaining, left);
    taken.push({ lotId: lot.id, points: n });
    left -= n;
  }
  return left === 0 ? taken : null;
}

/** A whole number of points, 1 … MAX_POINTS (text accepted, as forms send it). */
export const pointsField = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({
        error: (iss) =>
          iss.input === undefined || iss.input === null || iss.input === ''
            ? `[${label}]不能为空`
            : `[${label}]格式不正确`,
      })
      .int(`[${label}]应为整数`)
      .min(1, `[${label}]必须大于0`)
      .max(MAX_POINTS, `[${label}]过大`),
  );

const countField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 1 : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: '[兑换数量]格式不正确' })
    .int('[兑换数量]应为整数')
    .min(1, '[兑换数量]必须大于0')
    .max(MAX_EXCHANGE_COUNT, `[兑换数量]每次最多${MAX_EXCHANGE_COUNT}份`),
);

/** integration/list: the history, newest first, optionally one kind. */
export const pointsListSchema = PageRequestSchema.extend({
  kind: z.enum(ENTRY_KINDS, { error: '[类型]不正确' }).optional(),
});

/** integration/apply: what an exchange would cost and leave, nothing written. */
export const exchangeQuoteSchema = z.object(
  { item_rid: ridField('兑换商品'), count: countField },
  { error: '请求参数格式不正确' },
);

/** integration/applyExchange: the same, done; the key makes a repeated submission one exchange. */
export const exchangeApplySchema = exchangeQuoteSchema.extend({
  note: optText('备注', 200),
  idempotency_key: required('请求标识', 64),
});

/** integration/transfer: points to another customer, by their mobile number or account number. */
export const pointsTransferSchema = z.object(
  {
    to_account: required('收款账户', 64),
    points: pointsField('转赠积分'),
    note: optText('备注', 200),
    idempotency_key: required('请求标识', 64),
  },
  { error: '请求参数格式不正确' },
);

/** integration/payee: whom a mobile number or account number belongs to, before the gift. */
export const pointsPayeeSchema = z.object(
  { to_account: required('收款账户', 64) },
  { error: '请求参数格式不正确' },
);

// ---- staff API ----

const itemFields = {
  name: required('商品名称', 60),
  kind: z.enum(ITEM_KINDS, { error: '[兑换类型]不正确' }),
  points: pointsField('所需积分'),
  value_fen: fenField('面值'),
  description: optText('说明', 300),
  sort: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' ? Number(v) : v),
    z.number({ error: '[排序]格式不正确' }).int('[排序]应为整数').min(0).max(9999, '[排序]过大'),
  ),
};
export const pointsItemAddSchema = z.object(itemFields, { error: '请求参数格式不正确' });
export const pointsItemEditSchema = z.object(
  { rid: ridField('兑换商品'), ...itemFields },
  { error: '请求参数格式不正确' },
);
export const pointsItemRidSchema = z.object({ rid: ridField('兑换商品') }, { error: '请求参数格式不正确' });
export const pointsItemListSchema = PageRequestSchema.extend({
  status: z.enum(['active', 'retired'], { error: '[状态]不正确' }).optional(),
});

export const pointsExchangeListSchema = PageRequestSchema.extend({
  status: z.enum(EXCHANGE_STATUSES, { error: '[状态]不正确' }).optional(),
  kind: z.enum(ITEM_KINDS, { error: '[兑换类型]不正确' }).optional(),
});
export const exchangeFulfilSchema = z.object(
  { rid: ridField('兑换申请'), note: optText('发放说明', 200) },
  { error: '请求参数格式不正确' },
);
export const exchangeRejectSchema = z.object(
  { rid: ridField('兑换申请'), reason: required('驳回原因', 200) },
  { error: '请求参数格式不正确' },
);

export const pointsCustomerSchema = z.object({ user_rid: ridField('客户') }, { error: '请求参数格式不正确' });
export const pointsCustomerHistorySchema = pointsListSchema.extend({ user_rid: ridField('客户') });

/** A staff adjustment: a signed number of points (never 0) with the reason the customer sees. */
export const pointsAdjustSchema = z.object(
  {
    user_rid: ridField('客户'),
    points: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number({ error: '[调整积分]格式不正确' })
        .int('[调整积分]应为整数')
        .min(-MAX_POINTS, '[调整积分]过大')
        .max(MAX_POINTS, '[调整积分]过大')
        .refine((n) => n !== 0, '[调整积分]不能为0'),
    ),
    reason: required('调整原因', 200),
    idempotency_key: required('请求标识', 64),
  },
  { error: '请求参数格式不正确' },
);

/** points/adjust/list: the large adjustments waiting for (or decided by) a second staff member. */
export const adjustRequestListSchema = PageRequestSchema.extend({
  status: z.enum(['pending', 'approved', 'rejected'], { error: '[状态]不正确' }).optional(),
});
export const adjustRequestRidSchema = z.object(
  { rid: ridField('调整申请') },
  { error: '请求参数格式不正确' },
);
export const adjustRequestRejectSchema = z.object(
  { rid: ridField('调整申请'), reason: required('驳回原因', 200) },
  { error: '请求参数格式不正确' },
);
