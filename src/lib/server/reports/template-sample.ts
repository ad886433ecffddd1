// A realistic report for the template's 预览 (decision 0076): three samples, two items (one outside
// the accreditation), thirty result rows, one value out of range, raw-data files, printed with
// the template's lab, statements and first signatory. The renderer's tests and the bench draw it
// too, so what the editor previews is what the tests look at.
import type { ReportDocument, ReportResult } from '../../shared/reports/document.ts';
import type { ReportTemplate } from '../../shared/reports/template.ts';

const ORDER = 'LP20261121048213';
const SAMPLES = [
  { name: '石墨烯粉末 A', description: '黑色粉末，约 2 g，装于 5 mL 离心管', condition: '完好' },
  { name: '活性炭 YP-50F', description: '黑色颗粒，约 5 g，铝箔袋密封', condition: '完好' },
  {
    name: '介孔二氧化硅 SBA-15',
    description: '白色粉末，约 1 g，玻璃样品瓶（瓶盖轻微松动）',
    condition: '包装轻微破损，样品无损',
  },
];

const BET = {
  name: 'BET 比表面积及孔径分析',
  method: 'GB/T 19587-2017 气体吸附 BET 法测定固态物质比表面积',
  instrument: '全自动比表面及孔隙度分析仪 ASAP 2460',
  rows: [
    ['BET 比表面积', 'm²/g'],
    ['总孔体积（P/P₀=0.99）', 'cm³/g'],
    ['平均孔径（BJH 脱附）', 'nm'],
    ['微孔体积（t-plot）', 'cm³/g'],
    ['外比表面积（t-plot）', 'm²/g'],
  ],
  values: [
    ['512.36', '1.284', '9.87', '0.112', '298.4'],
    ['1687.20', '0.902', '2.14', '0.604', '402.9'],
    ['764.05', '1.102', '6.52', '0.048', '611.7'],
  ],
};
const PSD = {
  name: '激光粒度分布',
  method: 'GB/T 19077-2016 粒度分析 激光衍射法',
  instrument: '激光粒度分析仪 Mastersizer 3000（湿法，Hydro EV）',
  rows: [
    ['D10', 'μm'],
    ['D50', 'μm'],
    ['D90', 'μm'],
    ['跨度（D90−D10）/D50', ''],
    ['遮光度', '%'],
  ],
  values: [
    ['1.82', '6.47', '18.90', '2.64', '8.6'],
    ['3.05', '9.88', '24.71', '2.19', '11.2'],
    ['0.41', '1.26', '3.92', '2.78', '24.5'],
  ],
};

const hex = (seed: number) =>
  Array.from({ length: 64 }, (_, i) => '0123456789abcdef'[(seed * 7919 + i * 104729) % 16]).join('');

/** The sample report with the template's words; `revision` makes it a revised version (A1). */
export function sampleReportDocument(
  t: ReportTemplate,
  options: { revision?: boolean } = {},
): ReportDocument {
  const reportNo = `BG2026112800001${options.revision ? '-A1' : ''}`;
  const code = options.revision ? '7KQ4M2XD' : '3H8PZC5R';
  const signatory = t.signatories[0] ?? { name: '（授权签字人）', title: '技术负责人' };
  const results: ReportResult[] = SAMPLES.flatMap((_, s) =>
    [BET, PSD].map((item, k) => ({
      sample_no: `${ORDER}-0${s + 1}`,
      item_name: item.name,
      method: item.method,
      instrument: item.instrument,
      tested_by: k === 0 ? '李晓明' : '王芳',
      tested_at: `2026-11-2${4 + k}T10:30:00+08:00`,
      rows: item.rows.map(([name, unit], r) => {
        // The third sample's 遮光度 is above the method's 20 % ceiling: marked, with its remark.
        const out = item === PSD && s === 2 && r === 4;
        return {
          name,
          value: item.values[s][r],
          unit,
          remark: out ? '遮光度高于方法推荐上限（20%），已稀释复测，结果以复测为准' : '',
          out_of_range: out,
        };
      }),
      raw_files: [
        {
          name: `${ORDER}-0${s + 1}_${k === 0 ? 'ASAP2460_isotherm.xls' : 'MS3000_run3.mea'}`,
          sha256: hex(s * 2 + k + 1),
        },
      ],
    })),
  );
  return {
    title: t.title,
    report_no: reportNo,
    code,
    verify_url: `https://lab.example.cn/verify?r=${reportNo}&c=${code}`,
    lab: { name: t.lab_name, address: t.address, phone: t.phone, accreditation: t.accreditation },
    customer: {
      name: '张伟',
      organisation: '华东理工大学 材料科学与工程学院 能源材料课题组',
      address: '上海市徐汇区梅陇路 130 号 实验十六楼 502 室',
    },
    order_no: ORDER,
    samples: SAMPLES.map((s, i) => ({ sample_no: `${ORDER}-0${i + 1}`, ...s })),
    received_on: '2026-11-21',
    tested_from: '2026-11-24',
    tested_to: '2026-11-25',
    issued_on: '2026-11-28',
    items: [
      { name: BET.name, method: BET.method, accredited: true, subcontracted_to: null },
      { name: PSD.name, method: PSD.method, accredited: false, subcontracted_to: null },
    ],
    results,
    deviations: ['样品 03 激光粒度测试时遮光度偏高，经稀释后复测，其余按标准方法执行，无偏离。'],
    statements: t.statements,
    reviewed_by: ['陈静'],
    approver: { name: signatory.name, title: signatory.title },
    revision: options.revision
      ? { replaces: 'BG2026112800001', reason: '客户单位名称录入有误，更正为全称；检测数据未作改动。' }
      : null,
  };
}
