// GB/T 2260 divisions from @vant/area-data (~45 KB gzip), fetched the first time a picker
// opens rather than with the page.

export type Division = { code: string; name: string };
export type Areas = {
  provinces: Division[];
  /** Cities by province code prefix (2 digits). */
  cities: Map<string, Division[]>;
  /** Districts by city code prefix (4 digits). */
  districts: Map<string, Division[]>;
};

function group(list: Record<string, string>, prefix: number): Map<string, Division[]> {
  const map = new Map<string, Division[]>();
  for (const [code, name] of Object.entries(list).sort(([a], [b]) => a.localeCompare(b))) {
    const key = code.slice(0, prefix);
    const items = map.get(key) ?? [];
    items.push({ code, name });
    map.set(key, items);
  }
  return map;
}

let loading: Promise<Areas> | null = null;

export function loadAreas(): Promise<Areas> {
  loading ??= import('@vant/area-data')
    .then(({ areaList }) => ({
      provinces: Object.entries(areaList.province_list)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, name]) => ({ code, name })),
      cities: group(areaList.city_list, 2),
      districts: group(areaList.county_list, 4),
    }))
    .catch((error: unknown) => {
      loading = null; // a failed chunk download may succeed next time
      throw error;
    });
  return loading;
}

/** How many leading digits an allowRegion code fixes: a province XX0000, a city XXXX00, a district all 6. */
const significant = (code: string) => (code.endsWith('0000') ? 2 : code.endsWith('00') ? 4 : 6);

/**
 * Keeps the divisions (compared on their first `digits` digits) that contain or lie inside an
 * allowed code; allowRegion may list districts, whole cities or whole provinces. Everything
 * without a list.
 */
export function limitTo(
  list: Division[],
  allowed: readonly string[] | undefined,
  digits: number,
): Division[] {
  if (!allowed) return list;
  return list.filter((d) =>
    allowed.some((code) => {
      const n = Math.min(significant(code), digits);
      return code.slice(0, n) === d.code.slice(0, n);
    }),
  );
}
