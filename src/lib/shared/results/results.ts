// Results per sample and item (decision 0075): their statuses, the review verdicts, the Chinese
// messages, and the pure rules the server applies (and the console checks before sending).
import { isNumberText, outOfRange, type ResultField } from './fields.ts';

export const RESULT_STATUSES = ['draft', 'submitted', 'returned', 'approved'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];
export const RESULT_STATUS_TEXT: Record<ResultStatus, string> = {
  draft: '待录入',
  submitted: '待审核',
  returned: '已退回',
  approved: '已审核',
};
/** Where entries may still be written and the result submitted. */
export const EDITABLE: readonly ResultStatus[] = ['draft', 'returned'];

/** A decision on a result: a review's verdict, or 重测 that sends an approved result back to draft. */
export const RESULT_VERDICTS = ['approve', 'return', 'reopen'] as const;
export type ResultVerdict = (typeof RESULT_VERDICTS)[number];
export const RESULT_VERDICT_TEXT: Record<ResultVerdict, string> = {
  approve: '审核通过',
  return: '退回',
  reopen: '重测',
};

/** The entry of an item without result fields: its free-form text (beside its raw data files). */
export const FREE_TEXT_KEY = '_text';
export const FREE_TEXT_NAME = '结果说明';

/** How many reviews release a result: one by default, two when the lab's setting says so. */
export const REVIEW_COUNTS = [1, 2] as const;
export type ReviewCount = (typeof REVIEW_COUNTS)[number];
export const DEFAULT_REVIEWS_REQUIRED: ReviewCount = 1;

export const RESULT_NOT_FOUND = '检测结果不存在';
export const OUT_OF_RANGE_NEEDS_REMARK = '超出允许范围的结果须填写备注';
export const SELF_REVIEW_REFUSED = '不能审核自己录入或重测的结果';
export const SAME_REVIEWER_REFUSED = '您已审核过该结果，第二次审核须由另一位审核人完成';
export const RETURN_NEEDS_REASON = '退回须填写原因';
export const FREE_FORM_EMPTY = '请上传原始数据文件或填写结果说明后再提交审核';
export const NOTHING_ENTERED = '请先录入结果';
export const NOT_WAITING_REVIEW = '该结果不在待审核状态';
export const ALREADY_APPROVED = '该结果已审核通过，无需再次审核';
export const ONLY_APPROVED_REOPEN = '只有已审核的结果可以重测';

/** Why a result in this status cannot take entries, files or a submission (null: it can). */
export function notEditable(status: ResultStatus): string | null {
  if (EDITABLE.includes(status)) return null;
  return status === 'submitted' ? '结果已提交审核，不能修改' : '结果已审核，如需修改请先申请重测';
}

/** What is wrong with one entry against its field (null for the free-form text), or null. */
export function entryProblem(field: ResultField | null, value: string, remark: string): string | null {
  if (!field || value.trim() === '') return null;
  if (field.type === 'number' && !isNumberText(value)) return `「${field.name}」应为数字`;
  if (outOfRange(field, value) && remark.trim() === '') return OUT_OF_RANGE_NEEDS_REMARK;
  return null;
}

/**
 * What keeps a result from being submitted (null: nothing): every required field has a value; a
 * result of an item without fields has a file or a text.
 */
export function submitProblem(
  fields: ResultField[],
  latest: ReadonlyMap<string, { value: string; remark: string }>,
  files: number,
): string | null {
  const filled = (key: string) => (latest.get(key)?.value ?? '').trim() !== '';
  if (fields.length === 0) return files > 0 || filled(FREE_TEXT_KEY) ? null : FREE_FORM_EMPTY;
  for (const f of fields) {
    if (f.required && !filled(f.key)) return `请填写「${f.name}」后再提交审核`;
    const e = latest.get(f.key);
    if (e) {
      const problem = entryProblem(f, e.value, e.remark);
      if (problem) return problem;
    }
  }
  if (![...latest.values()].some((e) => e.value.trim() !== '') && files === 0) return NOTHING_ENTERED;
  return null;
}

/**
 * Why this staff member may not review the result now (null: they may): it must wait for review;
 * nobody reviews what they entered or retested; in two-review mode the second is someone else.
 */
export function reviewRefusal(r: {
  status: ResultStatus;
  me: number;
  /** Everyone who wrote an entry of the result, in any round. */
  technicians: readonly number[];
  /** Who approved it in the current round so far. */
  approvedBy: readonly number[];
}): string | null {
  if (r.status === 'approved') return ALREADY_APPROVED;
  if (r.status !== 'submitted') return NOT_WAITING_REVIEW;
  if (r.technicians.includes(r.me)) return SELF_REVIEW_REFUSED;
  if (r.approvedBy.includes(r.me)) return SAME_REVIEWER_REFUSED;
  return null;
}

/** How long a result has waited, as the queue shows it: 45分钟, 3小时20分, 2天5小时. */
export function waitedText(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return `${m}分钟`;
  if (m < 24 * 60) return `${Math.floor(m / 60)}小时${m % 60 ? `${m % 60}分` : ''}`;
  const h = Math.floor((m % (24 * 60)) / 60);
  return `${Math.floor(m / (24 * 60))}天${h ? `${h}小时` : ''}`;
}
