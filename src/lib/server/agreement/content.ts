// What the agreement of an order says, as blocks of text (pure: no I/O, no PDF). The PDF
// renderer lays the blocks out; tests read them directly.
import { fenToYuan, formatFen } from '../../shared/money.ts';
import { shanghaiDate } from '../../shared/time.ts';
import { regionLabel } from '../../shared/member/region.ts';
import { organizationLabel } from '../../shared/member/profile.ts';
import { projectTypeNames, type ProjectTypeId } from '../../shared/catalogue/catalogue.ts';
import { orderStatusText, takesSample, type OrderStatus } from '../../shared/orders/order-status.ts';
import { DISPOSALS, SAMPLE_SOURCE_TEXT, type SampleSource } from '../../shared/plan/plan-rules.ts';
import { disposalChoice } from '../../shared/samples/disposal.ts';
import type { Delivery } from '../../shared/orders/order.ts';
import { REPORT_FEEDBACK_DAYS } from '../../shared/orders/order-view.ts';
import type { DemandInfo } from '../../shared/orders/demand.ts';
import type { StoredQuote } from '../../shared/orders/quote.ts';
import { chineseDate } from '../../shared/time.ts';

export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'meta'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'para'; text: string }
  | { kind: 'fields'; title: string; rows: [string, string][] }
  | {
      kind: 'table';
      head: string[];
      widths: number[];
      align: ('left' | 'right' | 'center')[];
      rows: string[][];
    }
  | { kind: 'signatures'; left: string[]; right: string[] };

export type AgreementInput = {
  order: {
    order_no: string;
    type_id: number;
    status: OrderStatus;
    pay_mode: 'after' | 'before';
    amount_fen: number;
    quoted_fen: number | null;
    created: Date;
    delivery: Delivery;
    remark: string;
    demand: DemandInfo | null;
    /** The quote staff made; its lines, when itemised, are the agreement's price table. */
    quote: StoredQuote | null;
    items: {
      name: string;
      unit: string;
      price_fen: number;
      sample_count: number;
      parameters: Record<string, string>;
      source: number;
      disposal: number;
      line_fen: number;
    }[];
  };
  customer: {
    name: string;
    phone: string;
    email: string;
    organization: number | null;
    company: string;
    teacher: string;
    teacher_phone: string;
    company_leader: string;
    company_leader_phone: string;
    province: string;
    city: string;
    area: string;
    address: string;
  };
  provider: {
    name: string;
    address: string;
    phone: string;
    email: string;
    hours: string;
    express: { name: string; phone: string; address: string };
    /** Cities with free pickup (samplingInfo). */
    pickupCities: string[];
    /** The lab's 留样 days now (its retention setting, decision 0078). */
    keepDays: number;
  };
  /** The day the document is made, YYYY-MM-DD (Shanghai). */
  today: string;
};

/** Amounts before a quote read 待报价; a quoted order shows the quote. */
export function agreementTotal(o: AgreementInput['order']): string {
  if (o.status === 'quoting') return '待报价';
  return formatFen(o.quoted_fen ?? o.amount_fen);
}

const dash = (v: string) => v.trim() || '—';
/** The ideographic space (U+3000) between fields of a Chinese line. */
const GAP = '\u3000\u3000';

type Order = AgreementInput['order'];

/** The whole agreement: the parties, then its four sections, then where each party signs. */
export function agreementBlocks(input: AgreementInput): Block[] {
  const o = input.order;
  return [
    ...parties(input),
    ...feeTerms(o),
    ...(takesSample(o.type_id) ? sampleTerms(o, input.provider) : dataTerms()),
    ...otherTerms(input),
  ];
}

/** The title, who commissions whom, and what for. */
function parties(input: AgreementInput): Block[] {
  const { order: o, customer: c, provider: p } = input;
  const typeName = projectTypeNames[o.type_id as ProjectTypeId] ?? '检测';
  const enterprise = c.organization === 2;
  const blocks: Block[] = [
    { kind: 'title', text: `${typeName}服务委托协议` },
    {
      kind: 'meta',
      text: `订单号：${o.order_no}${GAP}下单日期：${chineseDate(shanghaiDate(o.created))}${GAP}订单状态：${orderStatusText(o.status, o.type_id)}`,
    },
  ];

  const partyA: [string, string][] = [
    ['单位名称', dash(c.company)],
    ['联系人', dash(c.name)],
    ['用户类型', organizationLabel(c.organization)],
    ['联系电话', dash(c.phone)],
    ['电子邮箱', dash(c.email)],
    ['通讯地址', dash(`${regionLabel(c)} ${c.address}`)],
  ];
  if (c.organization === 0) partyA.push(['导师/负责人', dash(`${c.teacher} ${c.teacher_phone}`)]);
  if (enterprise) partyA.push(['企业负责人', dash(`${c.company_leader} ${c.company_leader_phone}`)]);
  blocks.push({ kind: 'fields', title: '甲方（委托方）', rows: partyA });
  blocks.push({
    kind: 'fields',
    title: '乙方（受托方）',
    rows: [
      ['单位名称', p.name],
      ['服务地址', p.address],
      ['服务热线', `${p.phone}（${p.hours}）`],
      ['电子邮箱', p.email],
    ],
  });
  blocks.push({
    kind: 'para',
    text: `甲方委托乙方对甲方提供的样品进行${typeName}服务。双方经协商一致，订立本协议，共同遵守。`,
  });

  return blocks;
}

/** 一、委托项目与费用: what is tested, the quote, the total and how it is paid. */
function feeTerms(o: Order): Block[] {
  const quoting = o.status === 'quoting';
  const sample = takesSample(o.type_id);
  const blocks: Block[] = [];
  blocks.push({ kind: 'heading', text: '一、委托项目与费用' });
  // An itemised quote carries the prices; the items then list what is tested, without list prices.
  const itemised = o.quote && o.quote.lines.length > 0 ? o.quote : null;
  const itemName = (it: Order['items'][number]) => {
    const params = Object.entries(it.parameters)
      .filter(([, v]) => v)
      .map(([k, v]) => `${k}：${v}`)
      .join('；');
    return params ? `${it.name}（${params}）` : it.name;
  };
  if (o.items.length > 0 && itemised) {
    blocks.push({
      kind: 'table',
      head: ['序号', '检测项目', '样品数'],
      widths: [0.08, 0.74, 0.18],
      align: ['center', 'left', 'center'],
      rows: o.items.map((it, i) => [String(i + 1), itemName(it), String(it.sample_count)]),
    });
  } else if (o.items.length > 0) {
    blocks.push({
      kind: 'table',
      head: ['序号', '检测项目', '样品数', '单价', '小计'],
      widths: [0.08, 0.44, 0.12, 0.18, 0.18],
      align: ['center', 'left', 'center', 'right', 'right'],
      rows: o.items.map((it, i) => {
        const priced = it.price_fen > 0;
        return [
          String(i + 1),
          itemName(it),
          String(it.sample_count),
          priced ? `${fenToYuan(it.price_fen)} ${it.unit}` : '待报价',
          priced && !quoting ? formatFen(it.line_fen) : '待报价',
        ];
      }),
    });
  }
  if (itemised) {
    blocks.push({ kind: 'para', text: '报价明细：' });
    blocks.push({
      kind: 'table',
      head: ['序号', '报价项目', '数量', '单价', '金额'],
      widths: [0.08, 0.44, 0.12, 0.18, 0.18],
      align: ['center', 'left', 'center', 'right', 'right'],
      rows: [
        ...itemised.lines.map((l, i) => [
          String(i + 1),
          l.description ? `${l.name}（${l.description}）` : l.name,
          String(l.quantity),
          formatFen(l.unit_price_fen),
          formatFen(l.amount_fen),
        ]),
        ...(itemised.discount
          ? [['', itemised.discount.name, '', '', `-${formatFen(itemised.discount.amount_fen)}`]]
          : []),
        ['', '合计', '', '', formatFen(itemised.total_fen)],
      ],
    });
  }
  if (o.demand) {
    blocks.push({ kind: 'para', text: `委托需求：${o.demand.description}` });
    if (o.demand.sample_count || o.demand.sample_note)
      blocks.push({
        kind: 'para',
        text: `样品情况：${o.demand.sample_count ? `共${o.demand.sample_count}个样品` : ''}${
          o.demand.sample_count && o.demand.sample_note ? '；' : ''
        }${o.demand.sample_note}`,
      });
  }
  if (o.remark) blocks.push({ kind: 'para', text: `备注：${o.remark}` });
  blocks.push({
    kind: 'para',
    text: quoting
      ? '费用合计：待报价。乙方业务经理将与甲方确认检测方案后给出报价，报价以乙方在平台订单中确认的金额为准。'
      : `费用合计：${agreementTotal(o)}${o.quoted_fen !== null ? '（乙方报价）' : ''}。`,
  });
  if (o.quote && !quoting) {
    blocks.push({
      kind: 'para',
      text: `报价有效期至${chineseDate(o.quote.valid_until)}${
        o.pay_mode === 'before' ? '，逾期未付款的，须由乙方重新报价' : ''
      }。${o.quote.note ? `报价说明：${o.quote.note}` : ''}`,
    });
  }
  blocks.push({
    kind: 'para',
    text:
      o.pay_mode === 'before'
        ? `付款方式：甲方在乙方报价后全额预付检测费用（可使用平台预存余额支付），乙方收款后${
            sample ? '安排寄样或取样' : '开始分析'
          }。`
        : '付款方式：检测完成并出具数据后，乙方出具结算单，甲方按结算单付清检测费用（可使用平台预存余额支付）。',
  });
  return blocks;
}

/** 二、三 for data analysis (数据分析): files, not a sample; nothing is posted or collected. */
function dataTerms(): Block[] {
  const blocks: Block[] = [];
  blocks.push({ kind: 'heading', text: '二、数据与保密' });
  blocks.push({
    kind: 'para',
    text: '本项目为数据分析，无需提供实物样品。甲方通过平台订单上传待分析的数据文件并说明分析参数，保证数据来源合法并有权委托分析。',
  });
  blocks.push({ kind: 'heading', text: '三、数据提交、分析与交付' });
  blocks.push({
    kind: 'para',
    text: '甲方在平台订单中上传数据文件及签署后的本协议，无需寄送样品，乙方不安排上门取样。乙方确认收到完整数据后开始分析；分析完成后2小时内通过短信、电子邮件和站内消息通知甲方，甲方可在平台个人中心下载分析结果。',
  });
  return blocks;
}

/** 二、样品 and 三、送样与交付 for an order that takes a sample. */
function sampleTerms(o: Order, p: AgreementInput['provider']): Block[] {
  const blocks: Block[] = [];
  blocks.push({ kind: 'heading', text: '二、样品来源与处置' });
  const sources = [...new Set(o.items.map((i) => i.source))];
  const disposals = [...new Set(o.items.map((i) => i.disposal))];
  if (sources.length > 0)
    blocks.push({
      kind: 'para',
      text: `样品来源：${sources.map((s) => SAMPLE_SOURCE_TEXT[s as SampleSource] ?? '其他').join('、')}。甲方保证样品来源合法，如实告知样品成分及危险特性（有毒、易燃、易爆、放射性等），因隐瞒造成的损失由甲方承担。`,
    });
  else
    blocks.push({
      kind: 'para',
      text: '样品来源：由甲方提供。甲方保证样品来源合法，如实告知样品成分及危险特性（有毒、易燃、易爆、放射性等），因隐瞒造成的损失由甲方承担。',
    });
  const disposalText =
    disposals.length > 0
      ? disposals
          .filter((d) => (DISPOSALS as readonly number[]).includes(d))
          .map((d) => {
            const t = disposalChoice(d, p.keepDays);
            return `${t.label}（${t.note}）`;
          })
          .join('；')
      : `${disposalChoice(0).label}（${disposalChoice(0).note}），如需寄回或留样请在报价时与业务经理确认`;
  blocks.push({ kind: 'para', text: `样品处置：${disposalText}。` });
  blocks.push({
    kind: 'para',
    text: '需回收的样品在甲方全额付款后48小时内寄回；检测过程中样品可能发生损耗或性质改变，属正常情况。',
  });

  // 三、送样与交付
  blocks.push({ kind: 'heading', text: '三、送样、检测与交付' });
  const d = o.delivery;
  const cities = p.pickupCities.length > 0 ? p.pickupCities.join('、') : '指定城市';
  if (d.type === 1) {
    blocks.push({
      kind: 'para',
      text: `送样方式：上门取样。乙方于${d.date} ${d.time}到 ${regionLabel(d)} ${d.address} 取样（联系人：${d.name} ${d.phone}），甲方将签署后的本协议随样品一并交付。`,
    });
  } else {
    blocks.push({
      kind: 'para',
      text: `送样方式：甲方自行寄送。请将签署后的本协议随样品一并寄至：${p.express.address}（${p.express.name}，${p.express.phone}），并在包裹内注明订单号。${cities}可预约免费上门取样。`,
    });
  }
  blocks.push({
    kind: 'para',
    text: '乙方收到样品后短信通知甲方，业务经理在2小时内与甲方电话联系确认检测方案；检测完成后2小时内通过短信、电子邮件和站内消息通知甲方，甲方可在平台个人中心下载检测报告/数据。',
  });
  return blocks;
}

/** 四、其他约定 and the signatures. */
function otherTerms(input: AgreementInput): Block[] {
  const { customer: c, provider: p } = input;
  const blocks: Block[] = [];
  blocks.push({ kind: 'heading', text: '四、其他约定' });
  blocks.push({
    kind: 'para',
    text: '1. 乙方对甲方的样品信息、检测数据及技术资料负有保密义务，未经甲方同意不向第三方披露。',
  });
  blocks.push({
    kind: 'para',
    text: `2. 甲方对检测结果有异议的，可在收到数据后${REPORT_FEEDBACK_DAYS}日内通过平台提交报告反馈，乙方负责解释或复测。`,
  });
  blocks.push({
    kind: 'para',
    text: '3. 本协议自双方签字（盖章）之日起生效，一式两份，双方各执一份；未尽事宜双方协商解决。',
  });

  blocks.push({
    kind: 'signatures',
    left: [
      '甲方（签字/盖章）：',
      `单位：${dash(c.company)}`,
      '签字：',
      '日期：\u3000\u3000年\u3000\u3000月\u3000\u3000日',
    ],
    right: ['乙方（盖章）：', `单位：${p.name}`, '经办人：', `日期：${chineseDate(input.today)}`],
  });
  return blocks;
}

/** Every character the blocks draw (for the font subset). */
export function blocksText(blocks: Block[]): string {
  return blocks
    .map((b) => {
      switch (b.kind) {
        case 'fields':
          return b.title + b.rows.flat().join('');
        case 'table':
          return b.head.join('') + b.rows.flat().join('');
        case 'signatures':
          return b.left.join('') + b.right.join('');
        default:
          return b.text;
      }
    })
    .join('');
}
