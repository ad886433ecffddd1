// The report template's console calls under /api/admin/report/template (decision 0076): reads and
// the preview are reads; saving and the picture uploads are audited (reports.template).
import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { readUpload } from '../platform/http/uploads.ts';
import { contentDisposition, uploadLimit } from '../files/index.ts';
import { enforce } from '../accounts/index.ts';
import { renderReport } from './render.ts';
import { signingKeyStatus } from './signing.ts';
import { keySourceOf } from './signing-key-store.ts';
import {
  reportTemplate,
  saveTemplate,
  signatoryCandidates,
  storeTemplatePicture,
  templateArt,
} from './template.ts';
import { sampleReportDocument } from './template-sample.ts';
import { reportTemplateAdminApi as api } from '../../shared/reports/template-api.ts';

/** A preview costs the CPU about half a second: an editor previews a few a minute. */
const PREVIEW_LIMIT = { limit: 20, seconds: 60 };

export function reportTemplateAdminRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, api.get, async (c) => {
    const s = c.var.services;
    return ok(c, { template: await reportTemplate(s.db), key: await signingKeyStatus(keySourceOf(s)) });
  });
  route(r, api.save, async (c, input) => {
    const me = requireUser(c);
    const s = c.var.services;
    const template = await saveTemplate(s, me.id, await input.body());
    return ok(c, { template, key: await signingKeyStatus(keySourceOf(s)) }, '报告模板已保存');
  });
  for (const picture of [api.logo, api.seal]) {
    r.use(picture.path, uploadLimit('media'));
    route(r, picture, async (c) => {
      const me = requireUser(c);
      const { file, name } = await readUpload(c);
      return ok(
        c,
        await storeTemplatePicture(c.var.services, me.id, name, new Uint8Array(await file.arrayBuffer())),
        '上传成功',
      );
    });
  }
  route(r, api.staff, async (c) => ok(c, { list: await signatoryCandidates(c.var.services.db) }));
  route(r, api.preview, async (c) => {
    const me = requireUser(c);
    const s = c.var.services;
    await enforce(s, `user:report-preview:${me.id}`, PREVIEW_LIMIT);
    const template = await reportTemplate(s.db);
    const bytes = await renderReport(sampleReportDocument(template), await templateArt(s, template));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/pdf',
      'content-disposition': contentDisposition('报告预览.pdf'),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });
  return r;
}
