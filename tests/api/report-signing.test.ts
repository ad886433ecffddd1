// Decision 0076: a released report is signed so that anyone can check it. Debian's pdfsig
// (poppler, NSS) must find the signature valid, SHA-256, covering the whole document; one byte
// changed inside the signed range must make it invalid. A configured PKCS#12 with a Chinese
// organisation name signs too; one that cannot be read or opened refuses with the admin's message.
// Decision 0085: the install's own key lives in the database, made once for every process.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReport } from '#server/reports/render.ts';
import {
  signReport,
  signingKeyStatus,
  SIGNING_KEY_UNREADABLE,
  type KeySource,
} from '#server/reports/signing.ts';
import { databaseKeyStore } from '#server/reports/signing-key-store.ts';
import { reportSigningKey } from '#server/reports/tables.ts';
import { setupApi } from '../setup/api.ts';
import { reportArt, reportDocument } from '../support/report-fixture.ts';

const t = await setupApi();

const TIMEOUT = 60_000;
let work: string;
let rendered: Uint8Array;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'report-sign-'));
  rendered = await renderReport(reportDocument(), await reportArt());
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Signing as an app process does: its own store over the test's database (a second call is a second process). */
const sourceIn = (dataDir: string, p12?: string, password?: string): KeySource => ({
  env: { PUBLIC_SITE_URL: 'https://lab.example.cn', REPORT_SIGN_P12: p12, REPORT_SIGN_PASSWORD: password },
  store: databaseKeyStore(t.services.db, dataDir, t.services.now),
});
const storedKeys = () => t.services.db.select().from(reportSigningKey);
/** The CMS signature inside a signed PDF, as ASN.1. */
function cmsOf(pdf: Uint8Array): forge.asn1.Asn1 {
  const hex = /\/Contents\s*<([0-9a-fA-F]+)>/.exec(Buffer.from(pdf).toString('latin1'))![1];
  // The placeholder is padded with zeros after the DER: forge reads the first value and stops.
  const options = { parseAllBytes: false } as unknown as boolean;
  return forge.asn1.fromDer(forge.util.hexToBytes(hex), options);
}

/** The serial number of the certificate inside a signed PDF's CMS signature. */
function signerSerial(pdf: Uint8Array): string {
  const p7 = forge.pkcs7.messageFromAsn1(cmsOf(pdf));
  return (p7 as unknown as { certificates: forge.pki.Certificate[] }).certificates[0].serialNumber;
}

/**
 * The SHA-256 a signature's signing-certificate-v2 attribute names, and that of the certificate
 * embedded in it (its DER as written, not as forge would write it again).
 */
function signingCertificateHashes(pdf: Uint8Array) {
  const kids = (n: forge.asn1.Asn1) => n.value as forge.asn1.Asn1[];
  const signedData = kids(kids(kids(cmsOf(pdf))[1])[0]);
  const certificate = kids(signedData.find((n) => n.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC)!)[0];
  const signerInfo = kids(signedData.at(-1)!)[0];
  const attributes = kids(kids(signerInfo).find((n) => n.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC)!);
  const ess = attributes.find(
    (a) => forge.asn1.derToOid(kids(a)[0].value as string) === '1.2.840.113549.1.9.16.2.47',
  );
  const sha256 = (bytes: string) => forge.md.sha256.create().update(bytes).digest().toHex();
  return {
    named: ess && forge.util.bytesToHex(kids(kids(kids(kids(kids(ess)[1])[0])[0])[0])[0].value as string),
    embedded: sha256(forge.asn1.toDer(certificate).getBytes()),
  };
}

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
    'signs with a self-signed key made once in the database, the same for every process; pdfsig finds it valid over the whole document',
    async () => {
      const dir = mkdtempSync(join(work, 'data-'));
      const first = sourceIn(dir);
      expect(await signingKeyStatus(first)).toMatchObject({
        configured: false,
        subject: expect.stringContaining('尚未生成'),
      });
      expect(await storedKeys()).toHaveLength(0);
      // Two processes sign their first report at the same moment: one key is kept, both use it.
      const second = sourceIn(dir);
      const [signed, other] = await Promise.all([
        signReport(first, rendered, { name: '周建国', at: new Date('2026-11-28T02:00:00Z') }),
        signReport(second, rendered, { name: '周建国' }),
      ]);
      const report = pdfsig(signed, 'signed.pdf');
      expect(report).toContain('Signature is Valid');
      expect(report).toContain('Total document signed');
      expect(report).toContain('Signing Hash Algorithm: SHA-256');
      expect(report).toContain('ETSI.CAdES.detached');
      expect(report).toContain('检测报告签名');
      // PAdES baseline: the signature names its certificate (ESS signing-certificate-v2).
      const hashes = signingCertificateHashes(signed);
      expect(hashes.named).toBe(hashes.embedded);
      expect(pdfsig(other, 'other.pdf')).toContain('Signature is Valid');
      expect(signerSerial(other)).toBe(signerSerial(signed));
      expect(await storedKeys()).toHaveLength(1);
      expect(await signingKeyStatus(sourceIn(dir))).toMatchObject({
        configured: false,
        self_signed: true,
        problem: null,
      });
      const again = await signReport(sourceIn(dir), rendered, { name: '周建国' });
      expect(pdfsig(again, 'again.pdf')).toContain('Signature is Valid');
      expect(signerSerial(again)).toBe(signerSerial(signed));

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
      const src = sourceIn(mkdtempSync(join(work, 'data-')), p12, '正确的密码');
      expect(await signingKeyStatus(src)).toMatchObject({
        configured: true,
        self_signed: true,
        subject: '检测报告签章, 上海某某检测技术有限公司',
        problem: null,
      });
      const signed = await signReport(src, rendered, { name: '周建国' });
      const report = pdfsig(signed, 'lab.pdf');
      expect(report).toContain('Signature is Valid');
      expect(report).toContain('上海某某检测技术有限公司');
      // A CA's certificate with Chinese names: the attribute names it as embedded.
      const hashes = signingCertificateHashes(signed);
      expect(hashes.named).toBe(hashes.embedded);
    },
    TIMEOUT,
  );

  it(
    'keeps the key an older install made in its data directory, moving it into the database',
    async () => {
      await t.services.db.delete(reportSigningKey);
      const dir = mkdtempSync(join(work, 'data-'));
      mkdirSync(join(dir, 'keys', 'report-signing'), { recursive: true });
      writeFileSync(join(dir, 'keys', 'report-signing', 'key.p12'), labP12('旧密码'));
      writeFileSync(join(dir, 'keys', 'report-signing', 'password'), '旧密码\n');
      expect(await signingKeyStatus(sourceIn(dir))).toMatchObject({
        configured: false,
        subject: '检测报告签章, 上海某某检测技术有限公司',
        problem: null,
      });
      expect(await storedKeys()).toHaveLength(1);
      // Another process, whose data directory has no key file, signs with the same key.
      const report = pdfsig(
        await signReport(sourceIn(mkdtempSync(join(work, 'data-'))), rendered, { name: '周建国' }),
        'moved.pdf',
      );
      expect(report).toContain('Signature is Valid');
      expect(report).toContain('上海某某检测技术有限公司');
    },
    TIMEOUT,
  );

  it('refuses to sign with a configured key it cannot read or open, for the admin to fix', async () => {
    const p12 = join(work, 'lab2.p12');
    writeFileSync(p12, labP12('secret'));
    for (const src of [
      sourceIn(mkdtempSync(join(work, 'data-')), p12, 'wrong'),
      sourceIn(mkdtempSync(join(work, 'data-')), join(work, 'missing.p12'), 'secret'),
      sourceIn(mkdtempSync(join(work, 'data-')), join(work, 'signed.pdf'), 'secret'),
    ]) {
      await expect(signReport(src, rendered, { name: '周建国' })).rejects.toMatchObject({
        message: SIGNING_KEY_UNREADABLE,
        code: 'SIGNING_KEY',
      });
      expect(await signingKeyStatus(src)).toMatchObject({
        configured: true,
        problem: SIGNING_KEY_UNREADABLE,
      });
    }
  });
});
