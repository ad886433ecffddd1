// Decision 0076: the report template, kept by editors and administrators (reports.template): read
// with its defaults, saved whole with its logo and seal (media pictures, stored as PNG) and its
// signatories (current staff only), audited; the preview renders a sample report with it; the
// signing key's state is shown, a self-signed one with the warning.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PNG, staffToken } from '../support/orders.ts';
import { staffMembers } from '#server/staff/tables.ts';
import { auditLog } from '#server/staff/tables.ts';
import { users } from '#server/accounts/tables.ts';
import { findSignatory, reportTemplate, templateArt } from '#server/reports/template.ts';
import type { Role } from '#shared/staff/permissions.ts';
import type { OutputOf } from '#shared/api/endpoint.ts';
import { reportTemplateAdminApi as api } from '#shared/reports/template-api.ts';
import { DEFAULT_STATEMENTS } from '#shared/reports/template.ts';

const t = await setupApi();
const o = orderHelpers(t);
// The install's own signing key lives under DATA_DIR: a fresh one for this file.
Object.assign(t.services, {
  env: { ...t.services.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'lp-report-')) },
});

type Answer = OutputOf<typeof api.get>;

async function memberOf(role: Role) {
  const u = await o.a.user();
  const [row] = await t.services.db
    .select({ id: users.id, rid: users.rid })
    .from(users)
    .where(eq(users.phone, u.phone));
  await t.services.db
    .insert(staffMembers)
    .values({ userId: row.id, role, createdAt: new Date(t.services.now()) });
  return { phone: u.phone, rid: row.rid };
}
const editor = await memberOf('editor');
const technician = await memberOf('technician');
const as = async (who: { phone: string }) => o.a.bearer(await staffToken(t, who.phone));

const call = async <T = Answer>(path: string, body: unknown, who = editor) =>
  t.post<T>(path, body, await as(who));

const complete = {
  lab_name: '华测先进材料分析测试中心',
  address: '上海市闵行区东川路 800 号',
  phone: '021-5474 8800',
  accreditation: 'CNAS L12345',
  title: '',
  statements: ['本报告检测结果仅对所检样品负责。', '未经本实验室书面批准，不得部分复制本报告。'],
  signatories: [{ staff_rid: technician.rid, name: '周建国', title: '技术负责人' }],
};

describe('report template', () => {
  it('answers its defaults before anyone saved it, and the key that is not made yet', async () => {
    const res = await call(api.get.path, {});
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data.template).toMatchObject({
      lab_name: '',
      title: '检测报告',
      statements: DEFAULT_STATEMENTS,
      signatories: [],
      updated: null,
    });
    expect(res.body.data.key).toMatchObject({ configured: false, self_signed: true, problem: null });
  });

  it('is for editors and administrators: a technician is refused', async () => {
    for (const e of Object.values(api)) {
      const res = await t.post(e.path, {}, await as(technician));
      expect(res.status, e.path).toBe(403);
    }
  });

  it('saves the whole template with pictures and signatories, audited; the release flow reads it', async () => {
    const logo = await o.upload(api.logo.path, await as(editor), PNG, '标志.png');
    expect(logo.body, JSON.stringify(logo.body)).toMatchObject({ code: 1 });
    // A WebP seal is kept as a PNG (a PDF embeds PNG and JPEG).
    const webp = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#d00' } })
      .webp()
      .toBuffer();
    const seal = await o.upload(api.seal.path, await as(editor), new Uint8Array(webp), '公章.webp');
    expect(seal.body).toMatchObject({ code: 1 });
    const res = await call(api.save.path, {
      ...complete,
      logo_rid: logo.body.data.rid,
      seal_rid: seal.body.data.rid,
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1, msg: '报告模板已保存' });
    expect(res.body.data.template).toMatchObject({
      lab_name: complete.lab_name,
      title: '检测报告',
      logo_url: `/api/open/media/${logo.body.data.rid}`,
      signatories: complete.signatories,
    });
    const saved = await reportTemplate(t.services.db);
    expect(saved.seal_rid).toBe(seal.body.data.rid);
    const art = await templateArt(t.services, saved);
    expect(Buffer.from(art.seal!).subarray(1, 4).toString()).toBe('PNG');
    expect(art.logo).toBeDefined();
    expect(await findSignatory(t.services.db, technician.rid)).toMatchObject({ name: '周建国' });
    expect(await findSignatory(t.services.db, editor.rid)).toBeNull();

    const logged = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report/template/save'), eq(auditLog.outcome, 'ok')));
    expect(logged).toHaveLength(1);
    expect(logged[0].permission).toBe('reports.template');
  });

  it('refuses what it cannot print, changing nothing', async () => {
    const before = await reportTemplate(t.services.db);
    const refusals: [unknown, string][] = [
      [{ ...complete, lab_name: ' ' }, '[实验室名称]不能为空'],
      [
        { ...complete, signatories: [{ staff_rid: 'u-nobody', name: '某人', title: '签字人' }] },
        '授权签字人「某人」不是在职员工，请重新选择',
      ],
      [
        { ...complete, signatories: [complete.signatories[0], complete.signatories[0]] },
        '[授权签字人]不能重复',
      ],
      [{ ...complete, logo_rid: 'f-missing' }, '[标志图片]不存在，请重新上传'],
      [{ ...complete, statements: Array(13).fill('声明') }, '[声明]最多12条'],
    ];
    for (const [body, msg] of refusals) {
      const res = await call(api.save.path, body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 0, msg });
    }
    const pdf = await o.upload(
      api.seal.path,
      await as(editor),
      new TextEncoder().encode('%PDF-1.4'),
      'a.pdf',
    );
    expect(pdf.body).toMatchObject({ code: 0, msg: '仅支持 PNG、JPG、WEBP、GIF 图片' });
    expect(await reportTemplate(t.services.db)).toEqual(before);
  });

  it('lists the staff who may sign', async () => {
    const res = await call<OutputOf<typeof api.staff>>(api.staff.path, {});
    expect(res.body.data.list.map((m) => m.staff_rid)).toEqual(
      expect.arrayContaining([editor.rid, technician.rid]),
    );
  });

  it('previews a sample report rendered with the template (a PDF)', async () => {
    const res = await t.api.request(api.preview.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await as(editor)) },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  }, 30_000);
});
