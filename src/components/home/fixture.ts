// TEMPORARY development fixture until helper A lands getHomeData. Delete before landing.
import type { HomeData } from '../../lib/shared/catalogue.ts';
const img = (n: number) =>
  ['/upload/img/banner/xrd.svg', '/upload/img/banner/microscopy.svg', '/upload/img/banner/data.svg'][n % 3];
export const fixture: HomeData = {
  bannerArr: [
    {
      img: '/upload/img/banner/xrd.svg',
      redirect: 'xrd-powder',
      title: 'X 射线衍射（XRD）测试',
      description: '物相鉴定、晶粒尺寸与结晶度分析，最快 24 小时出数据',
    },
    {
      img: '/upload/img/banner/microscopy.svg',
      redirect: 'sem-morphology',
      title: '场发射扫描电镜（SEM）',
      description: '高分辨形貌观察与 EDS 能谱分析，支持上门取样',
    },
    {
      img: '/upload/img/banner/data.svg',
      redirect: 'dft-calc',
      title: 'DFT 理论计算与数据分析',
      description: '专业博士团队，计算与作图一站式服务',
    },
    {
      img: '/upload/img/banner/season.svg',
      redirect: 'https://mp.weixin.qq.com/s/labportal-2026-season',
      title: '年终科研季 满 2000 减 200',
      description: '送样检测、预约现场、数据分析全场通用',
    },
  ],
  typeArr: [1, 2, 3].map((id) => ({
    id,
    name: ({ 1: '送样检测', 2: '预约现场', 3: '数据分析' } as Record<number, string>)[id],
    img: img(id),
    discount_info: { discount_label: id === 1 ? '新客 9 折' : id === 2 ? '机时 8.5 折' : '' },
    typeChildArr: ['材料表征', '成分分析', '热分析', '光谱分析', '色谱质谱', '生物检测'].map((name, i) => ({
      id: id * 10 + i,
      name,
    })),
  })),
  prefectureNavBottomArr: ['电镜专区', '光谱专区', '热分析专区', '理论计算'].map((name, i) => ({
    id: i + 1,
    name,
    img: img(i),
    sketch: '热门仪器集中预约，最快当天排样',
    type_id: (i % 3) + 1,
  })),
  hotItems: [
    'XRD 粉末衍射',
    'SEM 扫描电镜',
    'TEM 透射电镜',
    'XPS 光电子能谱',
    'BET 比表面积',
    'NMR 核磁共振',
    'Raman 拉曼光谱',
    'ICP-MS',
  ].map((name, i) => ({
    rid: `item-${i}`,
    name,
    img: img(i),
    sketch: '<p>物相鉴定 <b>24h</b> 出数据</p>',
    order: 1000 - i * 97,
  })),
  serviceCaseArr: [0, 1, 2].map((i) => ({
    rid: `case-${i}`,
    title: `高熵合金催化剂的 XRD 与 XPS 联合表征案例 ${i}`,
    sketch: '通过 XRD 与 XPS 联合分析，确定了催化剂的物相组成与表面价态。',
    img: img(i),
    source: i === 1 ? 'https://example.org/case' : '',
    created: '2024-05-01T00:00:00+08:00',
  })),
  thanksArr: [0, 1, 2, 3, 4, 5].map((i) => ({
    company: `张明${i}，示例大学材料学院`,
    title: 'XRD 测试',
    code: 'Advanced Materials, 2024, 36(12), 2401234',
    content: 'We thank the testing platform for XRD measurements.',
    sketch: '一种高熵合金催化剂的设计与合成。',
    source: 'https://doi.org/10.1002/adma.202401234',
  })),
  partnerArr: Array.from({ length: 12 }, (_, i) => ({
    name: `伙伴${i + 1}`,
    img: `/upload/img/partner/p${String(i + 1).padStart(2, '0')}.svg`,
    url: '',
  })),
};
