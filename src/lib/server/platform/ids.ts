import { randomBytes } from 'node:crypto';

/** The first letter of a public id tells its kind; one table so two kinds never share a letter. */
const RID_PREFIX = {
  user: 'u',
  message: 'm',
  order: 'o',
  plan: 'p',
  file: 'f',
  recycle: 'r',
  address: 'a',
  sampling: 's',
  reservation: 'v',
  block: 'b',
  tempDevice: 't',
  device: 'd',
  account: 'w',
  movement: 'e',
  prestore: 'y',
  transferApply: 'z',
  creditApply: 'k',
  prestoreRule: 'l',
  reconciliation: 'h',
  couponTemplate: 'q',
  coupon: 'c',
  invoiceTitle: 'i',
  invoice: 'n',
  pointsEntry: 'j',
  pointsItem: 'g',
  pointsExchange: 'x',
  // Every lower-case letter is taken: statements start with a capital.
  statement: 'S',
  promoter: 'P',
  rebateEntry: 'R',
  withdrawal: 'W',
  campaign: 'C',
  group: 'G',
  groupPayment: 'Y',
  moneyApproval: 'A',
  pointsAdjustRequest: 'J',
  couponIssueRequest: 'Q',
  sample: 'M',
  storageLocation: 'L',
  result: 'T',
  reportVersion: 'V',
  planTemplate: 'B',
  bankRow: 'F',
  bankImport: 'K',
  reportExport: 'X',
} as const;

export type RidKind = keyof typeof RID_PREFIX;

/**
 * A public id (the spec's `rid`): its kind's letter and random bits (72 by default; instruments
 * use 48 as their ids appear in page addresses), URL-safe, so ids reveal neither order nor count.
 */
export const newRid = (kind: RidKind, bytes = 9) =>
  `${RID_PREFIX[kind]}${randomBytes(bytes).toString('base64url')}`;
