// Demo service types, child categories and hot special areas.

export const demoTypes = [
  { id: 1, name: '送样检测', img: '/upload/img/types/testing.svg', discountLabel: '新客9折', sort: 1 },
  { id: 2, name: '预约现场', img: '/upload/img/types/booking.svg', discountLabel: '机时包8.5折', sort: 2 },
  { id: 3, name: '数据分析', img: '/upload/img/types/analysis.svg', discountLabel: '首单立减100', sort: 3 },
];

/** Child ids are global across types; 31 (样品前处理) is listed first in experiment plans. */
export const demoChildren = [
  { id: 31, typeId: 1, name: '样品前处理', sort: 0 },
  { id: 11, typeId: 1, name: '结构表征', sort: 1 },
  { id: 12, typeId: 1, name: '形貌表征', sort: 2 },
  { id: 13, typeId: 1, name: '谱学分析', sort: 3 },
  { id: 14, typeId: 1, name: '成分分析', sort: 4 },
  { id: 15, typeId: 1, name: '热学与物性', sort: 5 },
  { id: 16, typeId: 1, name: '生物检测', sort: 6 },
  { id: 21, typeId: 2, name: '电镜机时', sort: 1 },
  { id: 22, typeId: 2, name: '谱学与衍射机时', sort: 2 },
  { id: 23, typeId: 2, name: '生物平台机时', sort: 3 },
  { id: 24, typeId: 2, name: '表面与吸附机时', sort: 4 },
  { id: 41, typeId: 3, name: '理论计算', sort: 1 },
  { id: 42, typeId: 3, name: '精修与拟合', sort: 2 },
  { id: 43, typeId: 3, name: '统计与绘图', sort: 3 },
];

export const demoPrefectures = [
  {
    id: 1,
    typeId: 1,
    childId: 12,
    name: '电镜专区',
    img: '/upload/img/prefecture/microscopy.svg',
    sketch: 'SEM / TEM / 球差电镜 / FIB，一站式形貌与微区表征',
    sort: 1,
  },
  {
    id: 2,
    typeId: 1,
    childId: 13,
    name: '谱学专区',
    img: '/upload/img/prefecture/spectroscopy.svg',
    sketch: 'XPS、拉曼、红外、核磁，表面与结构信息全覆盖',
    sort: 2,
  },
  {
    id: 3,
    typeId: 3,
    childId: 41,
    name: '理论计算专区',
    img: '/upload/img/prefecture/computation.svg',
    sketch: 'DFT 与分子动力学，博士团队一对一建模',
    sort: 3,
  },
  {
    id: 4,
    typeId: 1,
    childId: 16,
    name: '生物医药专区',
    img: '/upload/img/prefecture/biomedical.svg',
    sketch: '流式、WB、qPCR、共聚焦，细胞与分子实验一条龙',
    sort: 4,
  },
  {
    id: 5,
    typeId: 2,
    childId: null,
    name: '现场机时专区',
    img: '/upload/img/prefecture/onsite.svg',
    sketch: '高端仪器按小时预约，工程师现场陪同上机',
    sort: 5,
  },
];
