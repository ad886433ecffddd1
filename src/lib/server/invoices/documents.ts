// The documents of an invoice application: our proforma and receipt, the test list, and the
// ZIP a finance office asks for (the invoice, test list, agreements, reports and uploads).
import { readFile } from 'node:fs/promises';
import { asc, eq, inArray } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { statementDocument } from '../statements/index.ts';
import { paidParts, prestoreDirectory } from '../money/index.ts';
import type { Services } from '../platform/services.ts';
import { filesByRid, filesOnOrders } from '../files/index.ts';
import { invoiceLines } from './tables.ts';
import { orderDirectory, orderLineDirectory } from '../orders/index.ts';
import { DomainError } from '../platform/errors.ts';
import { validReportPdfs } from '../reports/index.ts';
import { agreementPdf, blocksText, renderPdf, type Block } from '../agreement/index.ts';
import { fenToYuan, formatFen } from '../../shared/money.ts';
import { shanghaiDate } from '../../shared/time.ts';
import { INVOICE_TYPE_NAMES, isTaxInvoice, type InvoiceType } from '../../shared/invoices/invoices.ts';
import type { Application } from './view.ts';

const ord = orderDirectory('ord');
const line = orderLineDirectory('line');
const topUp = prestoreDirectory('top_up');

/** Amounts in capitals (人民币大写), as receipts write them. */
function capitalYuan(fen: number): string {
  const digits = '零壹贰叁肆伍陆柒捌玖';
  const units = ['', '拾', '佰', '仟'];
  const groups = ['', '万', '亿'];
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cent = fen % 10;
  let text = '';
  if (yuan === 0) text = '零';
  else {
    const s = String(yuan);
    let zero = false;
    for (let i = 0; i < s.length; i++) {
      const d = Number(s[i]);
      const pos = s.length - 1 - i;
      if (d === 0) zero = true;
      else {
        if (zero) text += '零';
        zero = false;
        text += digits[d] + units[pos % 4];
      }
      if (pos % 4 === 0 && pos > 0 && !text.endsWith(groups[pos / 4]) && /[壹-玖拾佰仟]$/.test(text))
        text += groups[pos / 4];
    }
  }
  text += '元';
  if (jiao === 0 && cent === 0) return `${text}整`;
  return `${text}${jiao ? `${digits[jiao]}角` : '零'}${cent ? `${digits[cent]}分` : ''}`;
}

type OrderLines = {
  orderNo: string;
  created: Date;
  items: { name: string; count: number; priceFen: number; unit: string; fen: number }[];
  /** The order's amount, what a coupon and 赠送金 paid of it, and what is invoiced (cash or credit). */
  amountFen: number;
  couponFen: number;
  bonusFen: number;
  paidFen: number;
}[];

async function linesOf(
  s: Services,
  a: Application,
): Promise<{ orders: OrderLines; topups: { rid: string; fen: number; created: Date }[] }> {
  const lines = await s.db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.applicationId, a.id))
    .orderBy(asc(invoiceLines.id));
  const orderIds = lines.map((l) => l.orderId).filter((id): id is number => id !== null);
  const prestoreIds = lines.map((l) => l.prestoreId).filter((id): id is number => id !== null);
  const [os, items, tops, parts] = await Promise.all([
    orderIds.length ? s.db.select().from(ord).where(inArray(ord.id, orderIds)) : [],
    orderIds.length
      ? s.db.select().from(line).where(inArray(line.orderId, orderIds)).orderBy(asc(line.id))
      : [],
    prestoreIds.length ? s.db.select().from(topUp).where(inArray(topUp.id, prestoreIds)) : [],
    paidParts(s.db, { orderIds }),
  ]);
  const amountOf = new Map(lines.map((l) => [l.orderId, l.amountFen]));
  return {
    orders: os.map((o) => ({
      orderNo: o.orderNo,
      created: o.createdAt,
      amountFen: o.amountFen,
      couponFen: parts.get(o.id)?.coupon ?? 0,
      bonusFen: parts.get(o.id)?.bonus ?? 0,
      paidFen: amountOf.get(o.id) ?? 0,
      items: items
        .filter((i) => i.orderId === o.id)
        .map((i) => ({
          name: i.name,
          count: i.sampleCount,
          priceFen: i.priceFen,
          unit: i.unit,
          fen: i.lineFen,
        })),
    })),
    topups: tops.map((p) => ({ rid: p.rid, fen: p.amountFen, created: p.createdAt })),
  };
}

const titleRows = (a: Application): [string, string][] =>
  (
    [
      ['抬头', a.title.name],
      ['纳税人识别号', a.title.tax_no],
      ['地址、电话', [a.title.address, a.title.phone].filter(Boolean).join(' ')],
      ['开户行及账号', [a.title.bank, a.title.bank_account].filter(Boolean).join(' ')],
    ] as [string, string][]
  ).filter(([, v]) => v);

/** The orders' amounts less coupons and 赠送金: what the customer paid, the invoiced amount. */
const sums = (os: OrderLines) => ({
  amount: os.reduce((n, o) => n + o.amountFen, 0),
  coupon: os.reduce((n, o) => n + o.couponFen, 0),
  bonus: os.reduce((n, o) => n + o.bonusFen, 0),
  paid: os.reduce((n, o) => n + o.paidFen, 0),
});

/**
 * The test list (检测清单): every order of the application with its items (unit price, count,
 * amount), then each order's amount, the coupon and 赠送金 that paid part of it, and what the
 * customer paid — the amount invoiced.
 */
async function testListBlocks(s: Services, a: Application): Promise<Block[]> {
  const { orders: os, topups } = await linesOf(s, a);
  const rows = os.flatMap((o) =>
    o.items.map((i, n) => [
      n === 0 ? o.orderNo : '',
      i.name,
      `${fenToYuan(i.priceFen)} ${i.unit}`.trim(),
      String(i.count),
      fenToYuan(i.fen),
    ]),
  );
  const total = sums(os);
  return [
    { kind: 'title', text: '检测服务清单' },
    { kind: 'meta', text: `${s.content.site.name} · 开票申请 ${a.rid} · ${shanghaiDate(a.createdAt)}` },
    { kind: 'fields', title: '购买方', rows: titleRows(a) },
    ...(os.length
      ? ([
          {
            kind: 'table',
            head: ['订单号', '检测项目', '单价', '数量', '金额（元）'],
            widths: [0.22, 0.36, 0.18, 0.08, 0.16],
            align: ['left', 'left', 'right', 'right', 'right'],
            rows,
          },
          {
            kind: 'table',
            head: ['订单号', '订单金额', '优惠券抵扣', '赠送金抵扣', '实付（开票金额）'],
            widths: [0.24, 0.19, 0.19, 0.19, 0.19],
            align: ['left', 'right', 'right', 'right', 'right'],
            rows: [
              ...os.map((o) => [
                o.orderNo,
                fenToYuan(o.amountFen),
                fenToYuan(o.couponFen),
                fenToYuan(o.bonusFen),
                fenToYuan(o.paidFen),
              ]),
              [
                '合计',
                fenToYuan(total.amount),
                fenToYuan(total.coupon),
                fenToYuan(total.bonus),
                fenToYuan(total.paid),
              ],
            ],
          },
          {
            kind: 'para',
            text: `实付合计 ${formatFen(a.amountFen)}（订单金额减去优惠券与赠送金抵扣；积分兑换的测试费计入赠送金）。`,
          },
        ] satisfies Block[])
      : []),
    ...(topups.length
      ? ([
          {
            kind: 'table',
            head: ['预存记录', '日期', '金额（元）'],
            widths: [0.4, 0.3, 0.3],
            align: ['left', 'left', 'right'],
            rows: topups.map((t) => [t.rid, shanghaiDate(t.created), fenToYuan(t.fen)]),
          },
        ] satisfies Block[])
      : []),
  ];
}

const paidText = (t: ReturnType<typeof sums>) =>
  `订单金额 ${fenToYuan(t.amount)} 元，优惠券抵扣 ${fenToYuan(t.coupon)} 元，赠送金抵扣 ${fenToYuan(t.bonus)} 元，实付 ${fenToYuan(t.paid)} 元。`;

async function sealImage(s: Services): Promise<Uint8Array | undefined> {
  if (!s.env.INVOICE_SEAL_IMAGE) return undefined;
  return new Uint8Array(await readFile(s.env.INVOICE_SEAL_IMAGE));
}

/** Our own documents: the proforma (形式发票, marked 非税务发票) or the receipt (收据). */
async function ourInvoicePdf(s: Services, a: Application): Promise<Uint8Array> {
  const site = s.content.site;
  const { orders: os, topups } = await linesOf(s, a);
  const proforma = a.type === 5;
  const what = os.length ? `检测服务费（订单 ${os.map((o) => o.orderNo).join('、')}）` : '预存检测服务费';
  const blocks: Block[] = [
    { kind: 'title', text: proforma ? '形式发票（非税务发票）' : '收据' },
    { kind: 'meta', text: `编号 ${a.invoiceNo} · 开具日期 ${shanghaiDate(a.issuedAt ?? a.createdAt)}` },
    { kind: 'fields', title: proforma ? '购买方' : '交款单位（人）', rows: titleRows(a) },
    {
      kind: 'table',
      head: ['项目', '金额（元）'],
      widths: [0.75, 0.25],
      align: ['left', 'right'],
      rows: os.length
        ? [[what, fenToYuan(a.amountFen)]]
        : topups.map((t) => [`${what} ${t.rid}`, fenToYuan(a.amountFen)]),
    },
    {
      kind: 'para',
      text: `合计人民币（大写）：${capitalYuan(a.amountFen)} （小写）${formatFen(a.amountFen)}`,
    },
    ...(os.length ? ([{ kind: 'para', text: paidText(sums(os)) }] satisfies Block[]) : []),
    {
      kind: 'para',
      text: proforma
        ? '本形式发票仅供报销预审与付款使用，非税务发票，不作为记账凭证；正式发票请另行申请。'
        : `今收到以上款项，特此证明。${a.remark ? `备注：${a.remark}` : ''}`,
    },
    {
      kind: 'fields',
      title: '收款方',
      rows: [
        ['名称', site.name],
        ['地址', site.localInfo.address],
        ['电话', site.localInfo.phone],
      ],
    },
  ];
  return renderPdf(blocks, blocksText(blocks), {
    title: `${INVOICE_TYPE_NAMES[a.type as InvoiceType]} ${a.invoiceNo}`,
    author: site.name,
    footer: `${site.name} · ${proforma ? '形式发票 非税务发票' : '收据'} ${a.invoiceNo}`,
    created: a.issuedAt ?? a.createdAt,
    seal: await sealImage(s),
  });
}

async function testListPdf(s: Services, a: Application): Promise<Uint8Array> {
  const blocks = await testListBlocks(s, a);
  return renderPdf(blocks, blocksText(blocks), {
    title: `检测服务清单 ${a.rid}`,
    author: s.content.site.name,
    footer: `${s.content.site.name} · 检测服务清单`,
    created: a.createdAt,
  });
}

/** The issued invoice itself: ours rendered, a tax invoice as finance uploaded it. */
export async function invoiceFile(
  s: Services,
  a: Application,
): Promise<{ name: string; bytes: Uint8Array; mime: string }> {
  if (a.status !== 'issued') throw new DomainError('发票尚未开具');
  if (!isTaxInvoice(a.type))
    return {
      name: `${INVOICE_TYPE_NAMES[a.type as InvoiceType]}-${a.invoiceNo}.pdf`,
      bytes: await ourInvoicePdf(s, a),
      mime: 'application/pdf',
    };
  const [f] = await filesByRid(s.db, [a.fileRid ?? '']);
  const bytes = f ? await s.storage.get(f.storageKey) : null;
  if (!f || !bytes) throw new DomainError('发票文件不存在');
  const ext = f.originalName.includes('.') ? f.originalName.slice(f.originalName.lastIndexOf('.')) : '.pdf';
  return { name: `发票-${a.invoiceNo}${ext}`, bytes, mime: f.mime };
}

/** At most this many agreements are generated into one ZIP (each costs the CPU about half a second). */
const MAX_AGREEMENTS = 10;

/**
 * Everything a finance office asks for, in one ZIP: the invoice (once issued), the test list, the
 * statement applied for, the orders' agreements and signed agreements, their test reports, and the contract and other uploads.
 */
export async function reimbursementZip(
  s: Services,
  a: Application,
  requesterId: number,
): Promise<Uint8Array> {
  const entries: Record<string, Uint8Array> = {};
  const put = (path: string, bytes: Uint8Array) => {
    let name = path;
    for (let n = 2; name in entries; n++) name = path.replace(/(\.[^./]+)?$/, `(${n})$1`);
    entries[name] = bytes;
  };
  if (a.status === 'issued') {
    const f = await invoiceFile(s, a);
    put(f.name, f.bytes);
  }
  put('检测服务清单.pdf', await testListPdf(s, a));
  if (a.statementId) {
    const st = await statementDocument(s, a.statementId);
    put(`对账单/${st.filename}`, st.bytes);
  }
  const lines = await s.db.select().from(invoiceLines).where(eq(invoiceLines.applicationId, a.id));
  const orderIds = lines.map((l) => l.orderId).filter((id): id is number => id !== null);
  const os = orderIds.length ? await s.db.select().from(ord).where(inArray(ord.id, orderIds)) : [];
  for (const o of os.slice(0, MAX_AGREEMENTS)) {
    const pdf = await agreementPdf(s, requesterId, o.rid);
    put(`委托协议/${pdf.filename}`, pdf.bytes);
  }
  const uploads = [a.materials.contract_file_rid, ...a.materials.other_file_rids].filter(Boolean);
  const stored = await filesOnOrders(s.db, orderIds, ['report', 'protocol']);
  const named = uploads.length ? await filesByRid(s.db, uploads) : [];
  const orderNo = new Map(os.map((o) => [o.id, o.orderNo]));
  for (const f of [...stored, ...named]) {
    const bytes = await s.storage.get(f.storageKey);
    if (!bytes) continue;
    const folder =
      f.kind === 'report'
        ? `检测报告/${orderNo.get(f.orderId ?? 0)}-`
        : f.kind === 'protocol'
          ? `已签署协议/${orderNo.get(f.orderId ?? 0)}-`
          : f.rid === a.materials.contract_file_rid
            ? '合同/'
            : '其他材料/';
    put(`${folder}${f.originalName}`, bytes);
  }
  // The signed reports (decision 0077): each order's valid version, as the customer downloads it.
  for (const r of await validReportPdfs(s, orderIds))
    put(`检测报告/${orderNo.get(r.orderId)}-${r.filename}`, r.bytes);
  // Already-compressed PDFs and pictures gain nothing from deflate: stored, the ZIP is fast.
  return zipSync(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, [v, { level: 0 }]])));
}
