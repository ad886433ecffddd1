// Once per run, after the server is up (Playwright starts webServer before globalSetup): the lab's
// report template, one row for the whole lab, with two authorised signatories: a signatory account
// that every spec's release() (support/orders.ts) signs with while specs run in parallel, and the
// demo administrator, whose own password window only reports.spec.ts opens (it shows the prompt).
// reports.spec.ts edits the template too, but keeps these fields and signatories.
import { request, type APIRequestContext, type FullConfig } from '@playwright/test';
import { devLogin, type Envelope } from './session.ts';

const STAFF_PHONE = '13800000000';
/** The account release() signs with (a 业务经理; its password is the dev login's). */
export const SIGNER_PHONE = '13700000099';

/** The template every spec relies on. */
export const REPORT_TEMPLATE = {
  lab_name: '华测先进材料分析测试中心（上海）有限公司',
  address: '上海市闵行区东川路 800 号 材料楼 B 座 3 层',
  phone: '021-5474 8800',
  accreditation: 'CNAS L12345',
  statements: [],
  signatories: [
    { phone: SIGNER_PHONE, name: '赵明', title: '技术负责人' },
    { phone: STAFF_PHONE, name: '钱立', title: '实验室主任' },
  ],
};

type Call = <T>(path: string, body?: unknown) => Promise<Envelope<T>>;

/** report/template/save's body for REPORT_TEMPLATE, its signatories found by phone. */
export async function templateBody(call: Call) {
  const staff = await call<{ list: { staff_rid: string; phone: string }[] }>(
    '/api/admin/report/template/staff',
  );
  const { signatories, ...lab } = REPORT_TEMPLATE;
  return {
    ...lab,
    signatories: signatories.map(({ phone, ...s }) => ({
      staff_rid: staff.data.list.find((p) => p.phone === phone)!.staff_rid,
      ...s,
    })),
  };
}

async function caller(api: APIRequestContext, ip: string, phone: string): Promise<Call> {
  const token = (await devLogin(api, ip, { phone, staff: true })).record.access;
  const headers = { 'x-real-ip': ip, authorization: `Bearer ${token}` };
  return async (path, body = {}) => (await api.post(path, { headers, data: body })).json();
}

export default async function globalSetup(config: FullConfig) {
  const api = await request.newContext({ baseURL: config.projects[0].use.baseURL });
  const ip = '10.255.0.1';
  await devLogin(api, ip, { phone: SIGNER_PHONE });
  const admin = await caller(api, ip, STAFF_PHONE);
  const made = await admin('/api/admin/staff/save', { phone: SIGNER_PHONE, role: 'manager' });
  if (made.code !== 1) throw new Error(`signatory: ${JSON.stringify(made)}`);
  const saved = await admin('/api/admin/report/template/save', await templateBody(admin));
  if (saved.code !== 1) throw new Error(`report template: ${JSON.stringify(saved)}`);
  await api.dispose();
}

/** A console session of the signatory release() signs with. */
export const signerCall = (api: APIRequestContext, ip: string) => caller(api, ip, SIGNER_PHONE);
