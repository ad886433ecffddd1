import type { ArtIcon } from './items/index.ts';

export type DemoAbility = {
  rid: string;
  title: string;
  category: string;
  art: { label: string; icon: ArtIcon };
  sketch: string;
  content: string;
  views: number;
};

/** Capability showcase entries (/televised). */
export const demoAbilities: DemoAbility[] = [
  {
    rid: 'ab-single-atom',
    title: '球差电镜直接观察 Pt 单原子催化剂',
    category: '电镜表征',
    art: { label: 'Pt₁', icon: 'microscope' },
    sketch: 'HAADF-STEM 亚埃级成像，清晰分辨氮掺杂碳载体上孤立分布的 Pt 原子。',
    content:
      '<p>样品为 Pt 负载量 0.3 wt% 的 Pt₁/NC 催化剂。采用 300 kV 球差校正 STEM，在 HAADF 模式下获得原子序数衬度像，孤立亮点即为 Pt 单原子。</p><p>统计 500 个亮点的分布，并结合 EDS Mapping 排除团簇，为催化机理研究提供直接证据。</p>',
    views: 3680,
  },
  {
    rid: 'ab-lithium-dendrite',
    title: '冷冻电镜揭示锂枝晶 SEI 膜结构',
    category: '电镜表征',
    art: { label: 'Cryo', icon: 'microscope' },
    sketch: '冷冻转移 + 低剂量成像，保护电子束敏感的锂金属与 SEI 膜。',
    content:
      '<p>锂金属在常规电子束下迅速损伤。平台采用冷冻样品杆在 -170 ℃ 下转移和成像，低剂量模式获得 SEI 膜的晶格条纹，区分 Li₂O、LiF 等组分。</p>',
    views: 2950,
  },
  {
    rid: 'ab-xps-depth',
    title: 'XPS 深度剖析电极界面化学',
    category: '谱学分析',
    art: { label: 'XPS', icon: 'spectrum' },
    sketch: 'Ar 团簇离子逐层刻蚀，获得 CEI 膜中元素价态随深度的变化。',
    content:
      '<p>团簇离子枪对有机组分损伤小，逐层刻蚀 10 个深度点，给出 C 1s、F 1s、Ni 2p 价态随深度的演变，帮助判断界面副反应的位置。</p>',
    views: 2210,
  },
  {
    rid: 'ab-raman-insitu',
    title: '原位电化学拉曼追踪反应中间体',
    category: '谱学分析',
    art: { label: 'Raman', icon: 'spectrum' },
    sketch: '恒电位下实时采集拉曼光谱，捕捉 *OOH 等关键中间体信号。',
    content:
      '<p>自制原位电解池配合 633 nm 激光，在不同电位下每 30 秒采谱一次，观察到 1050 cm⁻¹ 附近的中间体峰随电位出现与消失。</p>',
    views: 1870,
  },
  {
    rid: 'ab-ssnmr-zeolite',
    title: '固体核磁表征分子筛酸性位',
    category: '谱学分析',
    art: { label: '²⁷Al', icon: 'spectrum' },
    sketch: '²⁷Al 与 ²⁹Si MAS NMR 区分骨架铝与非骨架铝，定量 Si/Al 比。',
    content:
      '<p>采用 4 mm 探头 12 kHz 转速采集 ²⁷Al MAS 谱，四配位与六配位铝清晰分开；结合吡啶吸附红外给出 B 酸与 L 酸比例。</p>',
    views: 1340,
  },
  {
    rid: 'ab-dft-co2rr',
    title: 'DFT 计算揭示 CO₂ 还原反应路径',
    category: '理论计算',
    art: { label: 'DFT', icon: 'compute' },
    sketch: '计算 *COOH、*CO 等中间体的吉布斯自由能，确定决速步。',
    content:
      '<p>在 Cu(111) 与掺杂模型上计算 CO₂ 还原各中间体的吸附自由能，绘制自由能台阶图，并用差分电荷与 Bader 分析解释掺杂对 *CO 结合能的调控。</p>',
    views: 4120,
  },
  {
    rid: 'ab-md-electrolyte',
    title: '分子动力学模拟高浓电解液溶剂化结构',
    category: '理论计算',
    art: { label: 'MD', icon: 'compute' },
    sketch: '100 ns 经典 MD，RDF 与配位数揭示 Li⁺ 溶剂化鞘层。',
    content:
      '<p>构建 LiFSI/DME 不同浓度体系，统计 Li⁺–O、Li⁺–FSI⁻ 径向分布函数与配位数，说明高浓下阴离子参与溶剂化的比例提高。</p>',
    views: 1590,
  },
  {
    rid: 'ab-flow-apoptosis',
    title: '流式细胞术评价纳米药物诱导凋亡',
    category: '生物医药',
    art: { label: 'FCM', icon: 'cell' },
    sketch: 'Annexin V-FITC/PI 双染，定量早期与晚期凋亡比例。',
    content: '<p>四个浓度梯度、三次生物学重复，FlowJo 设门统计四象限比例，并给出显著性检验结果。</p>',
    views: 2030,
  },
  {
    rid: 'ab-confocal-uptake',
    title: '共聚焦三维成像观察纳米颗粒细胞摄取',
    category: '生物医药',
    art: { label: 'CLSM', icon: 'cell' },
    sketch: 'Z-stack 逐层扫描重建三维图像，确认颗粒进入胞内而非吸附于表面。',
    content:
      '<p>细胞核 DAPI、溶酶体 LysoTracker、颗粒 Cy5 三通道成像，Pearson 系数量化颗粒与溶酶体的共定位。</p>',
    views: 1760,
  },
  {
    rid: 'ab-ebsd-texture',
    title: 'EBSD 分析增材制造钛合金织构',
    category: '电镜表征',
    art: { label: 'EBSD', icon: 'microscope' },
    sketch: 'IPF 与极图揭示沿沉积方向生长的柱状 β 晶粒。',
    content:
      '<p>离子抛光后以 0.5 µm 步长采集，重构 β 母相晶粒，统计晶粒尺寸与织构强度，对比热处理前后变化。</p>',
    views: 980,
  },
];
