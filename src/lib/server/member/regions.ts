import { areaList } from '@vant/area-data';
import type { Region } from '../../shared/member/region.ts';
import { DomainError } from '../platform/errors.ts';

const UNKNOWN_REGION = '所选地区不存在，请重新选择';

/**
 * True when the four parts name one district of the GB/T 2260 data the region picker offers
 * (@vant/area-data): the shared schema only checks the format, so a forged code or a name that
 * does not belong to it would otherwise be stored and mislead pickups and invoices.
 */
function isKnownRegion(r: Region): boolean {
  const code = r.address_code;
  return (
    areaList.county_list[code] === r.area &&
    areaList.city_list[`${code.slice(0, 4)}00`] === r.city &&
    areaList.province_list[`${code.slice(0, 2)}0000`] === r.province
  );
}

export function assertKnownRegion(r: Region): void {
  if (!isKnownRegion(r)) throw new DomainError(UNKNOWN_REGION, 200, 'INVALID_INPUT');
}
