import type { z } from 'zod';
import { formatFen } from '../../lib/shared/money.ts';
import type {
  GroupDetailSchema,
  GroupPaymentPageSchema,
  MyGroupsSchema,
} from '../../lib/shared/groups/responses.ts';

export type MyGroup = z.output<typeof MyGroupsSchema>['list'][number];
export type GroupDetail = z.output<typeof GroupDetailSchema>;
export type GroupPayment = z.output<typeof GroupPaymentPageSchema>['list'][number];

/** A limit as people read it: 不限 (null), 需审批 (0), or the amount. */
export const limitText = (fen: number | null) =>
  fen === null ? '不限' : fen === 0 ? '每笔需审批' : formatFen(fen);

export const PAYMENT_TONE: Record<GroupPayment['status'], string> = {
  pending: 'bg-hot-50 text-hot-600',
  paid: 'bg-accent-50 text-accent-700',
  rejected: 'bg-red-50 text-red-600',
  cancelled: 'bg-slate-100 text-slate-500',
  closed: 'bg-slate-100 text-slate-500',
};

/** The group's facts in one line. */
export function GroupHead({
  g,
  children,
}: {
  g: { name: string; institution: string; pi_name: string };
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h2 className="text-lg font-semibold break-words text-slate-900">{g.name}</h2>
        <p className="text-sm text-slate-500">
          {g.institution} · 负责人 {g.pi_name}
        </p>
      </div>
      {children}
    </div>
  );
}
