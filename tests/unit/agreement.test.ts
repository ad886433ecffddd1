import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  agreementBlocks,
  agreementTotal,
  blocksText,
  type AgreementInput,
} from '#server/agreement/content.ts';
import { formatFen } from '#shared/money.ts';
import { REPORT_FEEDBACK_DAYS } from '#shared/orders/order-view.ts';

const base: AgreementInput = {
  order: {
    order_no: 'LP20261121000123',
    type_id: 1,
    status: 'awaiting_sample',
    pay_mode: 'after',
    amount_fen: 60_000,
    quoted_fen: null,
    created: new Date('2026-11-21T17:30:00Z'), // 22 November in Shanghai
    delivery: {
      type: 0,
      date: '',
      time: '',
      message: '',
      name: '',
      phone: '',
      province: '',
      city: '',
      area: '',
      address: '',
      address_code: '',
      address_rid: '',
    },
    remark: '',
    demand: null,
    quote: null,
    items: [
      {
        name: 'XRD 物相分析',
        unit: '元/样',
        price_fen: 20_000,
        sample_count: 3,
        parameters: { 扫描范围: '10-80°' },
        source: 1,
        disposal: 1,
        line_fen: 60_000,
      },
    ],
  },
  customer: {
    name: '张三',
    phone: '13900001111',
    email: 'z@example.com',
    organization: 0,
    company: '复旦大学',
    teacher: '李老师',
    teacher_phone: '13800001111',
    company_leader: '',
    company_leader_phone: '',
    province: '上海市',
    city: '上海市',
    area: '闵行区',
    address: '东川路800号',
  },
  provider: {
    name: '科研检测服务平台',
    address: '上海市闵行区东川路 800 号',
    phone: '400-820-6688',
    email: 'service@labportal.cn',
    hours: '周一至周六 8:30-18:30',
    express: { name: '样品接收组', phone: '021-54740000', address: '上海市闵行区东川路 800 号 样品接收室' },
    pickupCities: ['上海市', '苏州市'],
    keepDays: 90,
  },
  today: '2026-11-22',
};

const textOf = (input: AgreementInput) => blocksText(agreementBlocks(input));

describe('the agreement text', () => {
  it('names the parties, the items with amounts, the sample terms, delivery and signatures', () => {
    const text = textOf(base);
    for (const part of [
      '送样检测服务委托协议',
      '订单号：LP20261121000123',
      '下单日期：2026年11月22日',
      '甲方（委托方）',
      '复旦大学',
      '导师/负责人',
      '李老师 13800001111',
      '乙方（受托方）',
      '科研检测服务平台',
      'XRD 物相分析（扫描范围：10-80°）',
      '200.00 元/样',
      formatFen(60_000),
      `费用合计：${formatFen(60_000)}。`,
      '检测完成并出具数据后',
      '样品来源：新寄样品',
      '检测后寄回（检测完成并全额付款后48小时内寄回，运费由客户承担）',
      '48小时内寄回',
      '样品接收室（样品接收组，021-54740000）',
      '上海市、苏州市可预约免费上门取样',
      '业务经理在2小时内',
      '甲方（签字/盖章）：',
      '日期：2026年11月22日',
    ])
      expect(text, part).toContain(part);
    expect(text).not.toContain('企业负责人');
  });

  it('gives the same window for disputing results as the guide (issue 28)', () => {
    const guide = readFileSync('src/content/pages/guide.md', 'utf8');
    expect(textOf(base)).toContain(`收到数据后${REPORT_FEEDBACK_DAYS}日内通过平台提交报告反馈`);
    expect(guide).toContain(`收到数据后 ${REPORT_FEEDBACK_DAYS} 日内在订单中提交反馈`);
    // No other number of days for it anywhere in the guide.
    expect(guide.match(/收到数据后\s*\d+\s*日内/g)).toEqual([`收到数据后 ${REPORT_FEEDBACK_DAYS} 日内`]);
  });

  it('reads 待报价 before a quote and the quote after it', () => {
    const quoting = { ...base, order: { ...base.order, status: 'quoting' as const } };
    expect(agreementTotal(quoting.order)).toBe('待报价');
    const blocks = agreementBlocks(quoting);
    const table = blocks.find((b) => b.kind === 'table');
    expect(table && table.kind === 'table' && table.rows[0][4]).toBe('待报价');
    expect(blocksText(blocks)).toContain('费用合计：待报价');

    const quoted = { ...base, order: { ...base.order, status: 'unpaid' as const, quoted_fen: 88_800 } };
    expect(textOf(quoted)).toContain(`费用合计：${formatFen(88_800)}（乙方报价）`);
  });

  it('prints an itemised quote as the price table, with its discount, total and validity', () => {
    const blocks = agreementBlocks({
      ...base,
      order: {
        ...base.order,
        status: 'unpaid',
        pay_mode: 'before',
        quoted_fen: 95_000,
        amount_fen: 95_000,
        quote: {
          lines: [
            {
              name: 'XRD 物相分析',
              description: '含精修',
              quantity: 3,
              unit_price_fen: 25_000,
              amount_fen: 75_000,
            },
            { name: '制样费', description: '', quantity: 1, unit_price_fen: 30_000, amount_fen: 30_000 },
          ],
          subtotal_fen: 105_000,
          discount: { name: '老客户优惠', amount_fen: 10_000 },
          total_fen: 95_000,
          valid_until: '2026-12-21',
          note: '加急3个工作日出数据',
          quoted_at: '2026-11-21T08:00:00.000Z',
        },
      },
    });
    const tables = blocks.filter((b) => b.kind === 'table');
    // The items without list prices, then the quote's lines, discount and total.
    expect(tables.map((b) => b.kind === 'table' && b.head)).toEqual([
      ['序号', '检测项目', '样品数'],
      ['序号', '报价项目', '数量', '单价', '金额'],
    ]);
    const quote = tables[1].kind === 'table' ? tables[1].rows : [];
    expect(quote).toEqual([
      ['1', 'XRD 物相分析（含精修）', '3', formatFen(25_000), formatFen(75_000)],
      ['2', '制样费', '1', formatFen(30_000), formatFen(30_000)],
      ['', '老客户优惠', '', '', `-${formatFen(10_000)}`],
      ['', '合计', '', '', formatFen(95_000)],
    ]);
    const text = blocksText(blocks);
    expect(text).toContain(`费用合计：${formatFen(95_000)}（乙方报价）`);
    expect(text).toContain(
      '报价有效期至2026年12月21日，逾期未付款的，须由乙方重新报价。报价说明：加急3个工作日出数据',
    );
  });

  it('writes a quote request’s description, an enterprise’s prepayment and a pickup', () => {
    const text = textOf({
      ...base,
      order: {
        ...base.order,
        // A sample-testing quote request: only orders with samples get a pickup (decision 0052).
        type_id: 1,
        status: 'quoting',
        pay_mode: 'before',
        items: [],
        demand: {
          description: '第一性原理计算',
          sample_count: 2,
          sample_note: '晶体结构文件',
          contact_name: '王总',
          contact_phone: '13800002222',
        },
        delivery: {
          ...base.order.delivery,
          type: 1,
          date: '2026-11-25',
          time: '09:00-12:00',
          name: '王总',
          phone: '13800002222',
          province: '江苏省',
          city: '苏州市',
          area: '工业园区',
          address: '星湖街 1 号',
        },
      },
      customer: {
        ...base.customer,
        organization: 2,
        company_leader: '王总',
        company_leader_phone: '13800002222',
      },
    });
    expect(text).toContain('送样检测服务委托协议');
    expect(text).toContain('委托需求：第一性原理计算');
    expect(text).toContain('样品情况：共2个样品；晶体结构文件');
    expect(text).toContain('全额预付');
    expect(text).toContain('企业负责人');
    expect(text).toContain(
      '上门取样。乙方于2026-11-25 09:00-12:00到 江苏省 苏州市 工业园区 星湖街 1 号 取样',
    );
    expect(text).not.toContain('导师/负责人');
  });
});
