// Decision 0076: a released report is signed so that anyone can check it. Debian's pdfsig
// (poppler, NSS) must find the signature valid, SHA-256, covering the whole document; one byte
// changed inside the signed range must make it invalid. A configured PKCS#12 with a Chinese
// organisation name signs too; one that cannot be read or opened refuses with the admin's message.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReport } from '#server/reports/render.ts';
import { signReport, signingKeyStatus, SIGNING_KEY_UNREADABLE } from '#server/reports/signing.ts';
import { reportArt, reportDocument } from '../support/report-fixture.ts';

const TIMEOUT = 60_000;
let work: string;
let rendered: Uint8Array;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'report-sign-'));
  rendered = await renderReport(reportDocument(), await reportArt());
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const envIn = (dir: string, p12?: string, password?: string) => ({
  DATA_DIR: dir,
  PUBLIC_SITE_URL: 'https://lab.example.cn',
  REPORT_SIGN_P12: p12,
  REPORT_SIGN_PASSWORD: password,
});

/** pdfsig's report of a PDF (it exits non-zero for an invalid signature: the text says why). */
function pdfsig(pdf: Uint8Array, name: string): string {
  const path = join(work, name);
  writeFileSync(path, pdf);
  const run = spawnSync('pdfsig', [path], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

/** A PKCS#12 of a CA-style certificate for a Chinese lab, as a CA would issue it. */
function labP12(password: string): Uint8Array {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '0a1b2c3d';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const name = [
    {
      shortName: 'CN',
      value: '检测报告签章',
      valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
    },
    {
      shortName: 'O',
      value: '上海某某检测技术有限公司',
      valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
    },
    { shortName: 'C', value: 'CN' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

describe('report signing', () => {
  it(
    'signs with a self-signed key made once under DATA_DIR/keys; pdfsig finds it valid over the whole document',
    async () => {
      const dir = mkdtempSync(join(work, 'data-'));
      const env = envIn(dir);
      const signed = await signReport(env, rendered, {
        name: '周建国',
        at: new Date('2026-11-28T02:00:00Z'),
      });
      const report = pdfsig(signed, 'signed.pdf');
      expect(report).toContain('Signature is Valid');
      expect(report).toContain('Total document signed');
      expect(report).toContain('Signing Hash Algorithm: SHA-256');
      expect(report).toContain('ETSI.CAdES.detached');
      expect(report).toContain('检测报告签名');

      // The key stays private and is made once.
      const keyDir = join(dir, 'keys', 'report-signing');
      expect(readdirSync(keyDir).sort()).toEqual(['key.p12', 'password']);
      for (const f of readdirSync(keyDir)) expect(statSync(join(keyDir, f)).mode & 0o077).toBe(0);
      const status = await signingKeyStatus(env);
      expect(status).toMatchObject({ configured: false, self_signed: true, problem: null });
      const again = await signReport(env, rendered, { name: '周建国' });
      expect(pdfsig(again, 'again.pdf')).toContain('Signature is Valid');
      expect(readdirSync(join(dir, 'keys'))).toEqual(['report-signing']);

      // One byte changed inside the signed range: no longer valid.
      const text = Buffer.from(signed).toString('latin1');
      const [, a, b] = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)/.exec(text)!.map(Number);
      expect(a).toBe(0);
      const at = Math.floor(b / 2);
      const tampered = new Uint8Array(signed);
      tampered[at] = tampered[at] === 0x41 ? 0x42 : 0x41;
      const after = pdfsig(tampered, 'tampered.pdf');
      expect(after).not.toContain('Signature is Valid');
      expect(after).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
    },
    TIMEOUT,
  );

  it(
    "signs with the lab's configured PKCS#12, its Chinese names intact",
    async () => {
      const p12 = join(work, 'lab.p12');
      writeFileSync(p12, labP12('正确的密码'), { mode: 0o600 });
      const env = envIn(mkdtempSync(join(work, 'data-')), p12, '正确的密码');
      expect(await signingKeyStatus(env)).toMatchObject({
        configured: true,
        self_signed: true,
        subject: '检测报告签章, 上海某某检测技术有限公司',
        problem: null,
      });
      const report = pdfsig(await signReport(env, rendered, { name: '周建国' }), 'lab.pdf');
      expect(report).toContain('Signature is Valid');
      expect(report).toContain('上海某某检测技术有限公司');
    },
    TIMEOUT,
  );

  it('refuses to sign with a configured key it cannot read or open, for the admin to fix', async () => {
    const p12 = join(work, 'lab2.p12');
    writeFileSync(p12, labP12('secret'));
    for (const env of [
      envIn(mkdtempSync(join(work, 'data-')), p12, 'wrong'),
      envIn(mkdtempSync(join(work, 'data-')), join(work, 'missing.p12'), 'secret'),
      envIn(mkdtempSync(join(work, 'data-')), join(work, 'signed.pdf'), 'secret'),
    ]) {
      await expect(signReport(env, rendered, { name: '周建国' })).rejects.toMatchObject({
        message: SIGNING_KEY_UNREADABLE,
        code: 'SIGNING_KEY',
      });
      expect(await signingKeyStatus(env)).toMatchObject({
        configured: true,
        problem: SIGNING_KEY_UNREADABLE,
      });
    }
  });
});
