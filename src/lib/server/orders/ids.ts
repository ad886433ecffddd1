import { randomInt } from 'node:crypto';
import { shanghaiDate } from '../../shared/time.ts';

/** 'LP' + Shanghai date + 6 random digits, e.g. LP20261121048213; a clash is retried by the caller. */
export const newOrderNo = (now: number) =>
  `LP${shanghaiDate(now).replaceAll('-', '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
