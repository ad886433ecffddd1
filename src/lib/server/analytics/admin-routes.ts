import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { analyticsAdminApi as api } from '../../shared/analytics/api.ts';
import { turnaroundOrders, turnaroundReport } from './turnaround.ts';
import { revenueReport } from './revenue.ts';
import { annualRows, annualWorkbook } from './annual.ts';
import { estimatesReport } from './estimates.ts';
import { contentDisposition } from '../files/index.ts';
import { exportFile, listExports, requestExport } from './exports.ts';
import { requireUser } from '../platform/http/auth.ts';
import { labInstitution, saveLabInstitution, utilisationReport } from './utilisation.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The turnaround reports under /api/admin/analytics (decision 0083). */
export function analyticsAdminRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, api.turnaround, async (c, input) =>
    ok(c, await turnaroundReport(c.var.services, await input.body())),
  );
  route(r, api.orders, async (c, input) => ok(c, await turnaroundOrders(c.var.services, await input.body())));
  route(r, api.revenue, async (c, input) => ok(c, await revenueReport(c.var.services, await input.body())));
  route(r, api.utilisation, async (c, input) =>
    ok(c, await utilisationReport(c.var.services, await input.body())),
  );
  route(r, api.estimates, async (c, input) =>
    ok(c, await estimatesReport(c.var.services, await input.body())),
  );
  route(r, api.annual, async (c, input) => {
    const { year } = await input.body();
    return ok(c, { year, rows: await annualRows(c.var.services, year) });
  });
  route(r, api.annualXlsx, async (c, input) => {
    const { year } = await input.body();
    return c.body(await annualWorkbook(c.var.services, year), 200, {
      'content-type': XLSX,
      'content-disposition': contentDisposition(`${year}年大型科研仪器开放共享统计.xlsx`),
    });
  });
  route(r, api.institution, async (c) => ok(c, { name: await labInstitution(c.var.services.db) }));
  route(r, api.institutionSave, async (c, input) =>
    ok(c, await saveLabInstitution(c.var.services, (await input.body()).name), '保存成功'),
  );
  route(r, api.exportAdd, async (c, input) =>
    ok(
      c,
      await requestExport(c.var.services, requireUser(c).id, await input.body()),
      '已开始生成，完成后可下载',
    ),
  );
  route(r, api.exportList, async (c) => ok(c, await listExports(c.var.services, requireUser(c).id)));
  route(r, api.exportDownload, async (c, input) => {
    const { rid } = await input.body();
    const file = await exportFile(c.var.services, requireUser(c).id, rid);
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': XLSX,
      'content-disposition': contentDisposition(file.filename),
    });
  });
  return r;
}
