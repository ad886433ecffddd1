// Shapes of catalogue data as the API and the server-rendered pages see them (the contract
// between src/lib/server/services/catalogue and its readers). Field names follow the spec.

export const projectTypeNames = { 1: '送样检测', 2: '预约现场', 3: '数据分析' } as const;
export type ProjectTypeId = keyof typeof projectTypeNames;

/** Home data response of spec section 3 (GET /api/open/web/index). */
export type HomeData = {
  bannerArr: { img: string; redirect: string; title: string; description: string }[];
  typeArr: {
    id: number;
    name: string;
    img: string;
    discount_info: { discount_label: string };
    typeChildArr: { id: number; name: string }[];
  }[];
  prefectureNavBottomArr: { id: number; name: string; img: string; sketch: string; type_id: number }[];
  hotItems: { rid: string; name: string; img: string; sketch: string; order: number }[];
  serviceCaseArr: { rid: string; title: string; sketch: string; img: string; source: string; created: string }[];
  thanksArr: { company: string; title: string; code: string; content: string; sketch: string; source: string }[];
  /** Not in the spec's list but needed by the page: the partner strip. */
  partnerArr: { name: string; img: string; url: string }[];
};

/** A row of a project listing (/project/…, search). */
export type ProjectListItem = {
  rid: string;
  type_id: number;
  child_id: number;
  child_name: string;
  name: string;
  img: string;
  sketch: string;
  /** Tags: description split on '|'. */
  tags: string[];
  price_fen: number;
  unit: string;
  order: number;
  quote_only: boolean;
};

export type ItemOptions = {
  sampleCount: { min: number; max: number; default: number };
  parameters: { name: string; required: boolean; choices: string[] }[];
};

export type ItemDetail = ProjectListItem & {
  type_name: string;
  content: string;
  options: ItemOptions;
  devices: DeviceSummary[];
};

export type DeviceSummary = {
  rid: string;
  name: string;
  model: string;
  category: string;
  location: string;
  img: string;
  sketch: string;
  price_fen: number;
  price_unit: 'hour' | 'session';
  min_minutes: number;
  lead_hours: number;
  remote: boolean;
  item_rid: string | null;
};

export type TypeGroup = {
  id: number;
  name: string;
  img: string;
  discount_label: string;
  children: { id: number; name: string; count: number }[];
};

export type Paged<T> = { list: T[]; total: number };
