// Movements other domains start (decision 0058): each a named operation, so post() and the
// ledger's accounts stay inside money.
import type { Db, Tx } from '../platform/db/client.ts';
import { moneyAccounts } from './tables.ts';
import { newRid } from '../platform/ids.ts';
import { post, systemAccount } from './ledger.ts';
import { accountOf } from './reads.ts';

/** Opens a new research group's wallet (in the transaction that creates the group). */
export async function openGroupAccount(tx: Tx, groupId: number, now: Date) {
  await tx
    .insert(moneyAccounts)
    .values({ rid: newRid('account'), ownerKind: 'group', ownerId: groupId, updatedAt: now });
}

/** A research group's wallet (created with the group). */
export async function groupAccount(db: Db | Tx, groupId: number) {
  const account = await accountOf(db, 'group', groupId);
  if (!account) throw new Error(`group ${groupId} has no account`);
  return account;
}

/**
 * The group deposit: a member moves their own cash into the group's wallet, once per key. Null
 * when the key was used before.
 */
export async function depositIntoGroup(
  tx: Tx,
  input: {
    fromAccountId: number;
    groupAccountId: number;
    groupRid: string;
    groupName: string;
    amountFen: number;
    key: string;
    actorId: number;
    now: number;
  },
) {
  return post(tx, {
    kind: 'transfer',
    idempotencyKey: input.key,
    refRid: input.groupRid,
    actorId: input.actorId,
    note: `转入课题组「${input.groupName}」`,
    now: input.now,
    shortOfCash: '可用现金余额不足',
    postings: [
      { accountId: input.fromAccountId, sub: 'cash', amountFen: -input.amountFen },
      { accountId: input.groupAccountId, sub: 'cash', amountFen: input.amountFen },
    ],
  });
}

/** Points exchanged for 赠送金: the lab's bonus expense → the customer's 赠送金, once per exchange. */
export async function creditExchangedBonus(
  tx: Tx,
  input: {
    accountId: number;
    amountFen: number;
    exchangeRid: string;
    actorId: number;
    note: string;
    now: number;
  },
) {
  return post(tx, {
    kind: 'points_exchange',
    idempotencyKey: `points_exchange:${input.exchangeRid}`,
    refRid: input.exchangeRid,
    actorId: input.actorId,
    note: input.note,
    now: input.now,
    postings: [
      { accountId: await systemAccount(tx, 'bonus_expense'), sub: 'cash', amountFen: -input.amountFen },
      { accountId: input.accountId, sub: 'bonus', amountFen: input.amountFen },
    ],
  });
}
