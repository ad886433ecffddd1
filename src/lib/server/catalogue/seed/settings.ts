import type { SamplingInfo, SamplingSetting } from '../../../shared/catalogue/settings.ts';

// Free pickup is served in two cities (spec section 1). Codes are GB/T 2260 district codes.
const servedDistricts: { city: string; districts: [code: string, name: string][] }[] = [
  {
    city: '上海市',
    districts: [
      ['310101', '黄浦区'],
      ['310104', '徐汇区'],
      ['310105', '长宁区'],
      ['310106', '静安区'],
      ['310107', '普陀区'],
      ['310109', '虹口区'],
      ['310110', '杨浦区'],
      ['310112', '闵行区'],
      ['310113', '宝山区'],
      ['310114', '嘉定区'],
      ['310115', '浦东新区'],
      ['310117', '松江区'],
      ['310118', '青浦区'],
      ['310120', '奉贤区'],
    ],
  },
  {
    city: '苏州市',
    districts: [
      ['320505', '虎丘区'],
      ['320506', '吴中区'],
      ['320507', '相城区'],
      ['320508', '姑苏区'],
      ['320509', '吴江区'],
      // The lab itself is in the industrial park (苏州工业园区), a district code of its own.
      ['320571', '苏州工业园区'],
      ['320583', '昆山市'],
    ],
  },
];

const demoAllowRegion: string[] = servedDistricts.flatMap((c) => c.districts.map(([code]) => code));

const demoSamplingInfo: SamplingInfo = servedDistricts.map((c) => ({
  city: c.city,
  districts: c.districts.map(([, name]) => name),
}));

export const demoSamplingSetting: SamplingSetting = {
  disabled_date: [],
  disabled_date_time: [],
  disabled_time: [],
  disabled_week: [0],
  invalid_disabled_date: [],
  sampling_time1: '09:00-11:00',
  sampling_time2: '11:00-13:00',
  sampling_time3: '13:30-15:30',
  sampling_time4: '15:30-17:30',
  notice_minutes: 120,
};

export const demoSettings = [
  { key: 'allowRegion', value: demoAllowRegion },
  { key: 'samplingSetting', value: demoSamplingSetting },
  { key: 'samplingInfo', value: demoSamplingInfo },
];
