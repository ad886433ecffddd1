// The statement as a PDF, laid out like the agreement (agreement/pdf.ts: pdf-lib, the CJK font
// subset to the characters used). Drawn from the frozen rows only, so a statement's PDF never
// changes after it is issued.
import { eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { statements } from './tables.ts';
import { referencedUser } from '../accounts/index.ts';
import { DomainError } from '../platform/errors.ts';
import { blocksText, renderPdf, type Block } from '../agreement/index.ts';
import { enforce } from '../accounts/index.ts';
import { staffRole } from '../staff/index.ts';
import { fenToYuan } from '../../shared/money.ts';
import { shanghaiDate, shanghaiMinute } from '../../shared/time.ts';
import { can } from '../../shared/staff/permissions.ts';
import {
  monthBounds,
  monthText,
  STATEMENT_NOT_FOUND,
  STATEMENT_STATUS_TEXT,
} from '../../shared/statements/statements.ts';
import { figuresOf, groupsOfRows, linesOf, type LineRow, type StatementRow } from './view.ts';
import { managesGroup } from '../groups/index.ts';

const STATEMENT_PDF_LIMIT = { limit: 20, seconds: 60 };

const y = (fen: number) => fenToYuan(fen);
const signed = (fen: number) => (fen > 0 ? `+${fenToYuan(fen)}` : fenToYuan(fen));

type Party = { name: string; company: string; phone: string; group?: string };

/** The blocks of a statement (pure: tested through the PDF text). */
function statementBlocks(
  st: StatementRow,
  lines: LineRow[],
  customer: Party,
  site: { name: string; phone: string },
): Block[] {
  const f = figuresOf(st);
  const { start, end } = monthBounds(st.month);
  const period = `${shanghaiDate(start)} 至 ${shanghaiDate(end - 1)}`;
  const orderRows = lines.filter((l) => l.kind !== 'movement');
  const moneyRows = lines.filter((l) => l.kind === 'movement');
  const blocks: Block[] = [
    { kind: 'title', text: `${site.name} 对账单` },
    {
      kind: 'meta',
      text: `${monthText(st.month)} · 第${st.version}版 · ${STATEMENT_STATUS_TEXT[st.status]} · 出具于 ${shanghaiMinute(st.issuedAt)}`,
    },
    {
      kind: 'fields',
      title: '客户',
      rows: [
        ...(customer.group ? ([['课题组', customer.group]] as [string, string][]) : []),
        ['单位', customer.company || '—'],
        ['联系人', customer.name || '—'],
        ['手机', customer.phone || '—'],
        ['对账期间', period],
      ],
    },
    { kind: 'heading', text: '一、汇总' },
    {
      kind: 'table',
      head: ['项目', '期初（元）', '本期增加（元）', '本期减少（元）', '期末（元）'],
      widths: [0.24, 0.19, 0.19, 0.19, 0.19],
      align: ['left', 'right', 'right', 'right', 'right'],
      rows: [
        [
          '账户余额（含赠送金）',
          y(f.opening_balance_fen),
          y(f.in_fen),
          y(f.out_fen),
          y(f.closing_balance_fen),
        ],
        ['待结算订单', y(f.opening_unsettled_fen), '—', '—', y(f.closing_unsettled_fen)],
        ['信用额度欠款', y(f.opening_credit_fen), '—', '—', y(f.closing_credit_fen)],
      ],
    },
    {
      kind: 'para',
      text: `本期结算/完成订单金额 ${y(f.billed_fen)} 元；本期支付订单 ${y(f.paid_fen + f.coupon_fen)} 元，其中优惠券抵扣 ${y(f.coupon_fen)} 元、赠送金抵扣 ${y(f.bonus_fen)} 元、现金及信用支付 ${y(f.paid_fen - f.bonus_fen)} 元；本期订单退款 ${y(f.refunded_fen)} 元。期末应付合计（待结算订单与信用欠款）：${y(f.due_fen)} 元。`,
    },
    { kind: 'heading', text: '二、订单明细' },
    orderRows.length
      ? {
          kind: 'table',
          // The status goes with the items: the five amounts need the width.
          head: ['序号', '订单号', '检测项目（状态）', '金额', '优惠券', '赠送金', '实付', '未付'],
          widths: [0.07, 0.2, 0.19, 0.108, 0.108, 0.108, 0.108, 0.108],
          align: ['center', 'left', 'left', 'right', 'right', 'right', 'right', 'right'],
          rows: orderRows.map((l) => [
            String(l.no),
            l.orderNo,
            `${l.kind === 'owed' ? '（往期）' : ''}${l.title}（${l.statusText}）`,
            y(l.amountFen),
            y(l.couponFen),
            y(l.bonusFen),
            y(l.paidFen),
            y(l.owedFen),
          ]),
        }
      : { kind: 'para', text: '本期没有结算或完成的订单。' },
    ...(orderRows.length
      ? ([
          {
            kind: 'para',
            text: '金额 = 优惠券抵扣 + 赠送金抵扣（含积分兑换的测试费）+ 实付（现金或信用）+ 未付；已取消订单的款项已退回。',
          },
        ] satisfies Block[])
      : []),
    { kind: 'heading', text: '三、资金往来' },
    moneyRows.length
      ? {
          kind: 'table',
          head: ['序号', '日期', '类型', '说明', '余额变动', '信用变动'],
          widths: [0.07, 0.15, 0.13, 0.37, 0.14, 0.14],
          align: ['center', 'left', 'left', 'left', 'right', 'right'],
          rows: moneyRows.map((l) => [
            String(l.no),
            shanghaiDate(l.at),
            l.title,
            [l.orderNo && `订单 ${l.orderNo}`, l.note].filter(Boolean).join(' · ') || '—',
            l.amountFen ? signed(l.amountFen) : '—',
            l.creditFen ? signed(l.creditFen) : '—',
          ]),
        }
      : { kind: 'para', text: '本期没有资金往来。' },
  ];
  // A confirmed statement is agreed: a dispute withdrawn or answered before that is not its text.
  if (st.disputeReason && st.status !== 'confirmed')
    blocks.push({
      kind: 'para',
      text: `客户异议${st.disputeLines.length ? `（第${st.disputeLines.join('、')}行）` : ''}：${st.disputeReason}`,
    });
  if (st.reply) blocks.push({ kind: 'para', text: `答复：${st.reply}` });
  if (st.issueNote) blocks.push({ kind: 'para', text: `说明：${st.issueNote}` });
  blocks.push({
    kind: 'para',
    text:
      st.status === 'confirmed'
        ? `本对账单已于 ${shanghaiMinute(st.confirmedAt ?? st.issuedAt)} ${st.confirmedBy === 'auto' ? '因逾期未回复视为确认' : '经客户确认'}。`
        : `请在个人中心核对本对账单并确认或提出异议；出具后逾期未回复的，视为确认无误。如有疑问请致电 ${site.phone}。`,
  });
  return blocks;
}

/** The PDF of a statement, for its owner or staff who may read statements (others: not found). */
export async function statementPdf(
  s: Services,
  viewerId: number,
  rid: string,
): Promise<{ bytes: Uint8Array; filename: string }> {
  await enforce(s, `user:statement-pdf:${viewerId}`, STATEMENT_PDF_LIMIT);
  const [row] = await s.db.select().from(statements).where(eq(statements.rid, rid));
  // Its customer, the leader or an assistant of its group, or staff who read statements.
  const mine =
    row && (row.groupId === null ? row.userId === viewerId : await managesGroup(s.db, row.groupId, viewerId));
  const role = row && !mine ? await staffRole(s.db, viewerId) : null;
  if (!row || (!mine && !(role && can(role, 'statements.read'))))
    throw new DomainError(STATEMENT_NOT_FOUND, 404);
  return renderStatement(s, row);
}

/** A statement's PDF, unchecked: for callers that checked access already (the invoice ZIP). */
export async function statementDocument(s: Services, statementId: number) {
  const [row] = await s.db.select().from(statements).where(eq(statements.id, statementId));
  return renderStatement(s, row);
}

async function renderStatement(s: Services, row: StatementRow) {
  const [u, lines, groups] = await Promise.all([
    referencedUser(s.db, row.userId),
    linesOf(s.db, row.id),
    groupsOfRows(s.db, [row]),
  ]);
  const site = s.content.site;
  const group = row.groupId === null ? undefined : groups.get(row.groupId);
  const blocks = statementBlocks(
    row,
    lines,
    {
      name: group ? `${u.name ?? ''}（组长）` : (u.name ?? ''),
      company: u.company ?? '',
      phone: u.phone ?? '',
      group: group?.name,
    },
    { name: site.name, phone: site.localInfo.phone },
  );
  const bytes = await renderPdf(blocks, blocksText(blocks), {
    title: `对账单 ${monthText(row.month)}`,
    author: site.name,
    footer: `${site.name} · 对账单 ${row.month} 第${row.version}版`,
    created: new Date(s.now()),
  });
  return { bytes, filename: `对账单-${row.month}-v${row.version}.pdf` };
}
