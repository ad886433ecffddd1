// How this installation builds a report version (decision 0080): the order's reviewed results,
// its samples as received and the editor's template become a ReportDocument; the release check
// refuses one that lacks a CNAS element; the renderer draws it and the lab's key signs it. Only
// an authorised signatory on the template approves, within their 30-minute password window.
// Loading this module registers the builder with the versions service.
import { createHash } from 'node:crypto';
import type { Services } from '../platform/services.ts';
import { DomainError } from '../platform/errors.ts';
import { referencedUser } from '../accounts/index.ts';
import { orderReportFacts, type OrderReportFacts } from '../orders/index.ts';
import { receiptFactsOf, samplesOfOrder } from '../samples/index.ts';
import { requireFreshPassword } from '../staff/index.ts';
import { resultsItemsOf, reviewedResultsOf, type ReviewedResults } from '../results/index.ts';
import { registerReportBuilder, type ReportBuilder, type ReportBuildInput } from './versions-builder.ts';
import { reportTemplate, templateArt } from './template.ts';
import { releaseCheck, releaseRefusal } from './release-check.ts';
import { renderReport } from './render.ts';
import { signReport } from './signing.ts';
import { keySourceOf } from './signing-key-store.ts';
import { filesByRid } from '../files/index.ts';
import {
  RESULTS_RELATE_ONLY,
  type ReportDocument,
  type ReportSample,
} from '../../shared/reports/document.ts';
import { takesSample } from '../../shared/orders/order-status.ts';
import { shanghaiDate } from '../../shared/time.ts';
import type { ReportTemplate } from '../../shared/reports/template.ts';

const NOT_A_SIGNATORY = '只有报告模板中的授权签字人可以签发报告，请联系编辑在「报告模板」中添加';

const withParameters = (name: string, parameters: Record<string, string>) => {
  const said = Object.entries(parameters)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}：${v}`);
  return said.length ? `${name}（${said.join('，')}）` : name;
};

const dataSetNo = (orderNo: string, line: number) => `${orderNo}-D${String(line + 1).padStart(2, '0')}`;

/** The samples a report describes: the physical ones it has results of, or for analyses each line's data set. */
async function reportSamples(s: Services, orderId: number, facts: OrderReportFacts, tested: Set<string>) {
  if (!takesSample(facts.typeId)) {
    return {
      received_on: facts.receivedOn,
      // Each line's data set is numbered like a sample (order number, D and its line), so the
      // report identifies what was analysed (the release check asks for it) and its results name it.
      samples: facts.lines.map((l, i): ReportSample => ({
        sample_no: dataSetNo(facts.orderNo, i),
        name: `${l.name} 数据`,
        description: withParameters('客户提交的数据', l.parameters),
        condition: '完好',
      })),
    };
  }
  const [list, receipt] = await Promise.all([samplesOfOrder(s.db, orderId), receiptFactsOf(s.db, orderId)]);
  const params = new Map(facts.lines.map((l) => [l.name, l.parameters]));
  return {
    received_on: receipt.received_on ?? facts.receivedOn,
    samples: list
      .filter((x) => tested.has(x.sample_no))
      .map((x): ReportSample => ({
        sample_no: x.sample_no,
        name: x.name,
        description: withParameters(x.item_name, params.get(x.item_name) ?? {}),
        condition: receipt.conditions.get(x.sample_no) ?? '完好',
      })),
  };
}

/** The document one version of an order's report says, under the template as read for this release. */
async function reportDocumentOf(
  s: Services,
  template: ReportTemplate,
  input: ReportBuildInput & { orderId: number; approverId: number; deviations: string[] },
): Promise<{ doc: ReportDocument; finished: ReviewedResults['finished'] }> {
  const approver = await referencedUser(s.db, input.approverId);
  const [facts, reviewed, items] = await Promise.all([
    orderReportFacts(s.db, input.orderId),
    reviewedResultsOf(s.db, input.orderId),
    resultsItemsOf(s.db, input.orderId),
  ]);
  const signatory = template.signatories.find((m) => m.staff_rid === approver.rid);
  if (!signatory) throw new DomainError(NOT_A_SIGNATORY, 200, 'FORBIDDEN');
  if (!reviewed.ready)
    throw new DomainError(
      reviewed.pending
        ? `还有 ${reviewed.pending} 项检测结果未审核通过，不能签发报告`
        : '订单还没有审核通过的检测结果，不能签发报告',
    );
  const customer = await referencedUser(s.db, facts.userId);
  const { samples, received_on } = await reportSamples(
    s,
    input.orderId,
    facts,
    new Set(reviewed.results.map((r) => r.sample_no)),
  );
  const doc: ReportDocument = {
    title: template.title,
    report_no: input.report_no,
    code: input.code,
    verify_url: input.verify_url,
    lab: {
      name: template.lab_name,
      address: template.address,
      phone: template.phone,
      accreditation: template.accreditation,
    },
    customer: {
      name: customer.name || customer.company || customer.phone,
      organisation: customer.company,
      address: [customer.province, customer.city, customer.area, customer.address].join(''),
    },
    order_no: facts.orderNo,
    samples,
    received_on,
    tested_from: reviewed.tested_from,
    tested_to: reviewed.tested_to,
    issued_on: shanghaiDate(s.now()),
    items,
    // An analysis's results carry no sample: they name their line's data set.
    results: reviewed.results.map((r) => {
      const line = facts.lines.findIndex((l) => l.name === r.item_name);
      return r.sample_no || line < 0 ? r : { ...r, sample_no: dataSetNo(facts.orderNo, line) };
    }),
    deviations: input.deviations,
    statements: template.statements.includes(RESULTS_RELATE_ONLY)
      ? template.statements
      : [...template.statements, RESULTS_RELATE_ONLY],
    reviewed_by: reviewed.reviewers,
    approver: { name: signatory.name, title: signatory.title },
    revision: input.revision,
  };
  return { doc, finished: reviewed.finished };
}

/**
 * The bytes of the approved results' finished PDFs (decision 0081), each checked against the
 * SHA-256 recorded when it was uploaded and reviewed: the report appends what the reviewer saw.
 */
async function finishedPdfs(s: Services, finished: ReviewedResults['finished']): Promise<Uint8Array[]> {
  if (finished.length === 0) return [];
  const rows = new Map(
    (
      await filesByRid(
        s.db,
        finished.map((f) => f.file_rid),
      )
    ).map((f) => [f.rid, f]),
  );
  return Promise.all(
    finished.map(async (f) => {
      const row = rows.get(f.file_rid);
      const bytes = row && (await s.storage.get(row.storageKey));
      if (!bytes || createHash('sha256').update(bytes).digest('hex') !== f.sha256)
        throw new DomainError(`成品报告「${f.name}」无法读取或与审核时的文件不一致，请重测后重新上传`);
      return bytes;
    }),
  );
}

/** @public This installation's builder (tests put it back after swapping in their own). */
export const installationReportBuilder: ReportBuilder = async (s, input) => {
  const template = await reportTemplate(s.db);
  const { doc, finished } = await reportDocumentOf(s, template, input);
  // The check reads the generated document; the finished PDFs are appended to it as they are.
  const missing = releaseCheck(doc);
  if (missing.length) throw new DomainError(releaseRefusal(missing));
  const attachments = await finishedPdfs(s, finished);
  // Asked last: a report that cannot be issued does not ask for the password first.
  await requireFreshPassword(s.db, input.approverId, 'sign', s.now());
  const pdf = await renderReport(doc, await templateArt(s, template), attachments);
  return {
    doc,
    pdf: await signReport(keySourceOf(s), pdf, { name: doc.approver.name, at: new Date(s.now()) }),
  };
};
registerReportBuilder(installationReportBuilder);
