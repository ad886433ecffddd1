// Once per run, after the server is up (Playwright starts webServer before globalSetup): the lab's
// report template, which is one row for the whole lab, names the demo administrator as its
// authorised signatory, so every spec's release() (support/orders.ts) can issue a signed report
// while specs run in parallel. reports.spec.ts edits the template too, but keeps these fields.
import { request, type FullConfig } from '@playwright/test';
import { devLogin } from './session.ts';

const STAFF_PHONE = '13800000000';

/** The template every spec relies on: the lab and the administrator as 赵明, 技术负责人. */
export const REPORT_TEMPLATE = {
  lab_name: '华测先进材料分析测试中心（上海）有限公司',
  address: '上海市闵行区东川路 800 号 材料楼 B 座 3 层',
  phone: '021-5474 8800',
  accreditation: 'CNAS L12345',
  statements: [],
  signatory: { name: '赵明', title: '技术负责人' },
};

export default async function globalSetup(config: FullConfig) {
  const api = await request.newContext({ baseURL: config.projects[0].use.baseURL });
  const ip = '10.255.0.1';
  const token = (await devLogin(api, ip, { phone: STAFF_PHONE, staff: true })).record.access;
  const headers = { 'x-real-ip': ip, authorization: `Bearer ${token}` };
  const me = await (await api.post('/api/admin/me', { headers })).json();
  const { signatory, ...lab } = REPORT_TEMPLATE;
  const saved = await (
    await api.post('/api/admin/report/template/save', {
      headers,
      data: { ...lab, signatories: [{ staff_rid: me.data.rid, ...signatory }] },
    })
  ).json();
  if (saved.code !== 1) throw new Error(`report template: ${JSON.stringify(saved)}`);
  await api.dispose();
}
