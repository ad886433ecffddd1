// Storage locations of samples (issue 30, decision 0071): a tree of rooms, fridges and cabinets,
// shelves and boxes. The kinds, their nesting rule and the requests and answers of the staff calls;
// pure, shared by the server and the console.
import { z } from '../zod.ts';
import { optText, required } from '../orders/order.ts';

/** From the outside in; a location holds only kinds of a deeper level than its own. */
export const LOCATION_KINDS = ['room', 'fridge', 'cabinet', 'shelf', 'box'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

export const LOCATION_KIND_TEXT: Record<LocationKind, string> = {
  room: '房间',
  fridge: '冰箱',
  cabinet: '柜',
  shelf: '层',
  box: '盒/位置',
};

/** Fridges and cabinets are one level: either stands in a room and holds shelves or boxes. */
const LEVEL: Record<LocationKind, number> = { room: 0, fridge: 1, cabinet: 1, shelf: 2, box: 3 };

/** The kinds a location of this kind may hold (null: the top of the tree, which only rooms are). */
export const childKinds = (parent: LocationKind | null): LocationKind[] =>
  LOCATION_KINDS.filter((k) => (parent === null ? k === 'room' : LEVEL[k] > LEVEL[parent]));

/** Why a location of `kind` may not stand in `parent` (null: it may). */
export function nestingRefusal(kind: LocationKind, parent: LocationKind | null): string | null {
  if (childKinds(parent).includes(kind)) return null;
  if (parent === null) return `${LOCATION_KIND_TEXT[kind]}必须放在上级位置中，只有房间可以作为顶层位置`;
  return `${LOCATION_KIND_TEXT[parent]}中不能放${LOCATION_KIND_TEXT[kind]}（只能放：${
    childKinds(parent)
      .map((k) => LOCATION_KIND_TEXT[k])
      .join('、') || '无'
  }）`;
}

/** The path as people read it: 房间 › 冰箱 › 层 › 盒. */
export const PATH_SEPARATOR = ' › ';

/** A location's label code: `LOC-` and 8 characters without look-alikes (no 0/O, 1/I/L). */
export const LOCATION_CODE = /^LOC-[2-9A-HJ-KM-NP-Z]{8}$/;
export const LOCATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A scanned code as typed by a wedge scanner: spaces trimmed, upper case (Caps Lock, ß-free). */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

export const LOCATION_NOT_FOUND = '存储位置不存在';
export const UNKNOWN_LOCATION_CODE = '未找到该位置码对应的存储位置';

const ridField = (label: string) =>
  z
    .string({ error: `[${label}]格式不正确` })
    .trim()
    .min(1, `[${label}]不能为空`)
    .max(64, `[${label}]格式不正确`);
const kindField = z.enum(LOCATION_KINDS, { error: '[类型]的取值不正确' });

export const locationTreeSchema = z.object(
  { archived: z.enum(['0', '1'], { error: '[archived]的取值不正确' }).optional() },
  { error: '请求参数格式不正确' },
);

export const locationCreateSchema = z.object(
  {
    parent_rid: ridField('上级位置').nullable().optional(),
    kind: kindField,
    name: required('名称', 40),
    note: optText('温度/条件', 100),
  },
  { error: '请求参数格式不正确' },
);

export const locationEditSchema = z.object(
  { rid: ridField('位置'), kind: kindField, name: required('名称', 40), note: optText('温度/条件', 100) },
  { error: '请求参数格式不正确' },
);

export const locationMoveSchema = z.object(
  { rid: ridField('位置'), parent_rid: ridField('上级位置').nullable() },
  { error: '请求参数格式不正确' },
);

export const locationRidSchema = z.object({ rid: ridField('位置') }, { error: '请求参数格式不正确' });

export const locationCodeSchema = z.object(
  {
    code: z
      .string({ error: '[位置码]不能为空' })
      .trim()
      .min(1, '[位置码]不能为空')
      .max(64, UNKNOWN_LOCATION_CODE),
  },
  { error: '请求参数格式不正确' },
);

export const LocationSchema = z.object({
  rid: z.string(),
  parent_rid: z.string().nullable(),
  kind: kindField,
  kind_text: z.string(),
  name: z.string(),
  note: z.string(),
  code: z.string(),
  /** Names from the room down to this one. */
  path: z.array(z.string()),
  path_text: z.string(),
  archived: z.boolean(),
  /** Samples stored here, not counting those in the locations it holds. */
  samples: z.number().int().min(0),
  created: z.string(),
});
export type Location = z.output<typeof LocationSchema>;

export const LocationTreeSchema = z.object({ list: z.array(LocationSchema) });
