// Entering results (decision 0075): draft entries saved under the result's lock (a changed value
// supersedes the last, an unchanged one is not written again), raw data files with their SHA-256,
// and the submission for review once every required field is filled.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Tx } from '../platform/db/client.ts';
import { DomainError } from '../platform/errors.ts';
import { resultEntries, resultFiles } from './tables.ts';
import { lockResult, resultByRid, updateResult, type ResultRow } from './records.ts';
import { recordedName } from '../accounts/index.ts';
import { latestEntries, viewsOf } from './read.ts';
import { reviewsRequired } from './settings.ts';
import { instrumentRidOf } from './instruments.ts';
import { checkFinishedPdf } from './finished-pdf.ts';
import { itemResultSpecs, type ItemResultSpec } from '../catalogue/index.ts';
import { storeFile } from '../files/index.ts';
import { outOfRange } from '../../shared/results/fields.ts';
import {
  FREE_TEXT_KEY,
  FREE_TEXT_NAME,
  entryProblem,
  notEditable,
  submitProblem,
} from '../../shared/results/results.ts';
import type { ResultSaveRequest } from '../../shared/results/requests.ts';
import type { ResultView } from '../../shared/results/responses.ts';

/** A locked result that still takes entries, with its item's spec. */
async function editable(tx: Tx, rid: string): Promise<{ r: ResultRow; spec: ItemResultSpec | undefined }> {
  const r = await lockResult(tx, rid);
  const refused = notEditable(r.status);
  if (refused) throw new DomainError(refused);
  return { r, spec: (await itemResultSpecs(tx, [r.itemRid])).get(r.itemRid) };
}

const entriesOf = (tx: Tx, resultId: number) =>
  tx.select().from(resultEntries).where(eq(resultEntries.resultId, resultId)).orderBy(resultEntries.id);

/** One result as the staff member who just changed it sees it. */
export async function viewOne(tx: Tx, rid: string, me: number): Promise<ResultView> {
  const [view] = await viewsOf(tx, [await resultByRid(tx, rid)], me, await reviewsRequired(tx));
  return view;
}

/** result/save: the draft entries that changed, each a new row superseding the field's last. */
export async function saveResult(s: Services, staffId: number, req: ResultSaveRequest): Promise<ResultView> {
  const technician = await recordedName(s.db, staffId);
  const instrumentRid = await instrumentRidOf(s.db, req.instrument);
  return s.db.transaction(async (tx) => {
    const { r, spec } = await editable(tx, req.rid);
    const fields = spec?.resultFields ?? [];
    const latest = new Map(latestEntries(await entriesOf(tx, r.id), spec).map((e) => [e.fieldKey, e]));
    const given = new Map(req.entries.map((e) => [e.key, e]));
    const now = new Date(s.now());
    const rows: (typeof resultEntries.$inferInsert)[] = [];
    for (const e of given.values()) {
      const field = fields.find((f) => f.key === e.key) ?? null;
      if (fields.length ? !field : e.key !== FREE_TEXT_KEY)
        throw new DomainError(`「${e.key}」不是该项目的结果字段`);
      const problem = entryProblem(field, e.value, e.remark);
      if (problem) throw new DomainError(problem);
      const prev = latest.get(e.key);
      const same =
        prev &&
        prev.value === e.value &&
        prev.remark === e.remark &&
        prev.method === req.method &&
        prev.instrument === req.instrument;
      if (same || (!prev && e.value === '')) continue;
      rows.push({
        resultId: r.id,
        fieldKey: e.key,
        fieldName: field?.name ?? FREE_TEXT_NAME,
        value: e.value,
        unit: field?.unit ?? '',
        method: req.method,
        instrumentRid,
        instrument: req.instrument,
        technicianId: staffId,
        technicianName: technician,
        remark: e.remark,
        outOfRange: field ? outOfRange(field, e.value) : false,
        supersedes: prev?.id ?? null,
        enteredAt: now,
      });
    }
    if (rows.length) await tx.insert(resultEntries).values(rows);
    return viewOne(tx, r.rid, staffId);
  });
}

/**
 * result/file: a raw data file (any format an instrument exports) attached with its SHA-256;
 * result/report (`finished`): the analysis's own finished PDF, appended to the released report.
 */
export async function attachResultFile(
  s: Services,
  staffId: number,
  rid: string,
  upload: { name: string; bytes: Uint8Array },
  finished = false,
): Promise<ResultView> {
  const found = await resultByRid(s.db, rid);
  const refused = notEditable(found.status);
  if (refused) throw new DomainError(refused);
  if (finished) await checkFinishedPdf(upload.bytes);
  const by = await recordedName(s.db, staffId);
  const stored = await storeFile(s, {
    ownerId: staffId,
    uploaderId: staffId,
    orderId: null,
    kind: 'raw',
    name: upload.name,
    bytes: upload.bytes,
  });
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  return s.db.transaction(async (tx) => {
    const { r } = await editable(tx, rid);
    await tx.insert(resultFiles).values({
      resultId: r.id,
      fileRid: stored.rid,
      name: stored.name,
      size: stored.size,
      sha256,
      finished,
      uploadedBy: staffId,
      uploadedByName: by,
      at: new Date(s.now()),
    });
    return viewOne(tx, r.rid, staffId);
  });
}

/** result/submit: to 待审核, once every required field has a value (or a free-form result has something). */
export async function submitResult(s: Services, staffId: number, rid: string): Promise<ResultView> {
  return s.db.transaction(async (tx) => {
    const { r, spec } = await editable(tx, rid);
    const entries = await entriesOf(tx, r.id);
    const latest = new Map(latestEntries(entries, spec).map((e) => [e.fieldKey, e]));
    const files = await tx
      .select({ id: resultFiles.id })
      .from(resultFiles)
      .where(eq(resultFiles.resultId, r.id));
    const problem = submitProblem(spec?.resultFields ?? [], latest, files.length);
    if (problem) throw new DomainError(problem);
    await updateResult(tx, r.id, {
      status: 'submitted',
      round: r.round + 1,
      submittedAt: new Date(s.now()),
      submittedBy: staffId,
      approvedAt: null,
    });
    return viewOne(tx, r.rid, staffId);
  });
}
