// A sample's life (issue 30, decision 0069): its statuses, the custody events that move it, and
// the one table of allowed moves. The server checks every event with nextSampleStatus(); the
// database refuses a status change that has no event behind it; pages use the labels.

export const SAMPLE_STATUSES = [
  'awaiting_post',
  'in_transit',
  'received',
  'stored',
  'testing',
  'tested',
  'return_pending',
  'returned',
  'disposal_pending',
  'disposed',
  'abnormal',
] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];

export const SAMPLE_STATUS_TEXT: Record<SampleStatus, string> = {
  awaiting_post: '待寄送',
  in_transit: '运输中',
  received: '已签收',
  stored: '在库',
  testing: '测试中',
  tested: '已测完',
  return_pending: '待退回',
  returned: '已退回',
  disposal_pending: '待销毁',
  disposed: '已销毁',
  abnormal: '异常',
};

/** A sample's life has ended: no event moves it any more. */
export const FINAL_SAMPLE_STATUSES: readonly SampleStatus[] = ['returned', 'disposed'];

/**
 * What happened to a sample. `created` opens every trail; `renamed` records the customer's new
 * name without moving the sample; the others are hand-overs that move it (see SAMPLE_MOVES).
 */
export const SAMPLE_EVENT_KINDS = [
  'created',
  'renamed',
  'posted',
  'received',
  'stored',
  'taken',
  'returned_to_storage',
  'tested',
  'return_requested',
  'returned',
  'disposal_scheduled',
  'disposed',
  'abnormal',
] as const;
export type SampleEventKind = (typeof SAMPLE_EVENT_KINDS)[number];

export const SAMPLE_EVENT_TEXT: Record<SampleEventKind, string> = {
  created: '生成样品编号',
  renamed: '修改样品名称',
  posted: '客户寄出',
  received: '实验室签收',
  stored: '入库',
  taken: '取出测试',
  returned_to_storage: '归还入库',
  tested: '测试完成',
  return_requested: '安排退回',
  returned: '寄回客户',
  disposal_scheduled: '列入销毁',
  disposed: '销毁',
  abnormal: '标记异常',
};

/** Why a sample is 异常. */
export const ABNORMAL_REASONS = ['missing', 'damaged', 'unlabelled', 'rejected'] as const;
export type AbnormalReason = (typeof ABNORMAL_REASONS)[number];
export const ABNORMAL_REASON_TEXT: Record<AbnormalReason, string> = {
  missing: '缺失',
  damaged: '破损',
  unlabelled: '无标签',
  rejected: '拒收',
};

const LIVE: readonly SampleStatus[] = SAMPLE_STATUSES.filter(
  (s) => !FINAL_SAMPLE_STATUSES.includes(s) && s !== 'abnormal',
);

/** One row per allowed move: the event kind, the statuses it may start from, where it leads. */
export const SAMPLE_MOVES: Record<
  Exclude<SampleEventKind, 'created' | 'renamed'>,
  { from: readonly SampleStatus[]; to: SampleStatus }
> = {
  posted: { from: ['awaiting_post', 'in_transit'], to: 'in_transit' },
  // A sample found again after it was reported missing is received like any other.
  received: { from: ['awaiting_post', 'in_transit', 'abnormal'], to: 'received' },
  stored: { from: ['received', 'stored', 'tested', 'abnormal'], to: 'stored' },
  taken: { from: ['received', 'stored'], to: 'testing' },
  returned_to_storage: { from: ['testing'], to: 'stored' },
  tested: { from: ['testing'], to: 'tested' },
  // The customer may ask for a sample back until it is destroyed (decision 0073).
  return_requested: { from: ['stored', 'tested', 'abnormal', 'disposal_pending'], to: 'return_pending' },
  returned: { from: ['stored', 'tested', 'return_pending', 'abnormal'], to: 'returned' },
  disposal_scheduled: { from: ['stored', 'tested', 'abnormal'], to: 'disposal_pending' },
  disposed: { from: ['disposal_pending'], to: 'disposed' },
  abnormal: { from: LIVE, to: 'abnormal' },
};
export type SampleMove = keyof typeof SAMPLE_MOVES;

/** The status an event leads to from `from`, or null when the table has no such move. */
export function nextSampleStatus(from: SampleStatus, kind: SampleMove): SampleStatus | null {
  const move = SAMPLE_MOVES[kind];
  return move.from.includes(from) ? move.to : null;
}

/** The refusal of a move the table lacks, in the customer's and the lab's words. */
export const illegalMoveText = (from: SampleStatus, kind: SampleMove) =>
  `样品当前为「${SAMPLE_STATUS_TEXT[from]}」，不能${SAMPLE_EVENT_TEXT[kind]}`;

/** The customer may rename a sample until the lab has it in hand. */
export const RENAMABLE: readonly SampleStatus[] = ['awaiting_post', 'in_transit'];
export const RENAME_REFUSED = '样品已签收，不能再修改名称';
export const SAMPLE_NOT_FOUND = '样品不存在';

/**
 * What an event records beyond its kind: the courier and number (posted, returned), the storage
 * location (stored), the technician and instrument (taken), the reason (abnormal), the disposal's
 * method, reason and witness. Every field is optional; the request schemas say which one a kind needs.
 */
export type SampleEventDetails = {
  courier?: string;
  number?: string;
  location_id?: number;
  location?: string;
  technician?: string;
  instrument?: string;
  reason?: string;
  method?: string;
  witness?: string;
  /** The witness's account (a disposal, decision 0073). */
  witness_id?: number;
  old_name?: string;
  new_name?: string;
};

/**
 * The first status of a new sample from its line's source (spec section 3): a stored sample of an
 * earlier order (0) is already in the lab's store; every other physical sample still has to come.
 */
export const initialSampleStatus = (source: number): SampleStatus =>
  source === 0 ? 'stored' : 'awaiting_post';

/** `<order no>-01`, `-02`… across the order (three digits from the 100th). */
export const sampleNo = (orderNo: string, index: number) => `${orderNo}-${String(index).padStart(2, '0')}`;

/** A new sample's name until the customer gives it one: 样品01, 样品02… */
export const defaultSampleName = (index: number) => `样品${String(index).padStart(2, '0')}`;
