// Signing released reports (issue 31, decision 0076): a detached CMS signature over the whole PDF,
// SHA-256, in a PAdES signature dictionary (ETSI.CAdES.detached), made by @signpdf with the lab's
// PKCS#12 key, never by hand-written PKCS#7.
//
// The key is configured like the payment keys: REPORT_SIGN_P12 (a file) and REPORT_SIGN_PASSWORD.
// Without them the install makes itself a self-signed certificate once, under DATA_DIR/keys/
// (mode 0600, PostgreSQL installs too), and says so in the log and on the template screen. A
// configured key that cannot be read or opened refuses every signature with a message for the
// administrator, so no report goes out unsigned.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import type { Env } from '../platform/env.ts';
import { DomainError } from '../platform/errors.ts';
import { log } from '../platform/log.ts';
import type { SigningKeyStatus } from '../../shared/reports/template.ts';

export const SIGNING_KEY_UNREADABLE = '报告签名证书无法读取，请管理员检查 REPORT_SIGN_P12 与密码';
const SIGNING_KEY_UNMADE =
  '报告签名证书无法生成，请管理员检查数据目录（DATA_DIR）是否可写，或配置 REPORT_SIGN_P12';
/** The template screen's subject before the first report made the install's key. */
const NOT_MADE_YET = '（尚未生成：首次签发报告时自动生成自签名证书）';
const REASON = '检测报告签发';
/** Room for the CMS signature (hex doubles it): a key with a CA chain of three fits. */
const SIGNATURE_BYTES = 12_288;
const SELF_SIGNED_DIR = 'report-signing';
const SELF_SIGNED_YEARS = 10;

type Key = ReturnType<typeof openP12> & { configured: boolean };
type KeyEnv = Pick<Env, 'DATA_DIR' | 'REPORT_SIGN_P12' | 'REPORT_SIGN_PASSWORD' | 'PUBLIC_SITE_URL'>;

/** UTF-8 bytes (forge's binary string) as text; anything else as it is. */
function decodeUtf8(bytes: string): string {
  try {
    return forge.util.decodeUtf8(bytes);
  } catch {
    return bytes;
  }
}

/** A subject attribute as text: forge keeps a UTF8String's bytes undecoded (ASCII decodes as itself). */
function attr(cert: forge.pki.Certificate, name: string): string | undefined {
  const value = (cert.subject.getField(name) as { value?: string } | null)?.value;
  return value ? decodeUtf8(value) : undefined;
}

/**
 * Opens a PKCS#12 bundle: its private key and the certificate that matches it. Throws when the
 * password is wrong, the file is not PKCS#12, or no certificate matches the key.
 */
function openP12(p12: Uint8Array, password: string) {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString('binary')));
  const bundle = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  const keyBag = bundle.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[
    forge.pki.oids.pkcs8ShroudedKeyBag
  ]?.[0];
  const key = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
  const certs = (bundle.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => Boolean(c));
  const cert =
    key &&
    certs.find((c) => {
      const pub = c.publicKey as forge.pki.rsa.PublicKey;
      return pub.n?.equals(key.n) && pub.e?.equals(key.e);
    });
  if (!key || !cert) throw new Error('no private key with its certificate');
  const subject = [attr(cert, 'CN'), attr(cert, 'O')].filter(Boolean).join(', ');
  const selfSigned = cert.isIssuer(cert) && cert.verify(cert);
  return { key, cert, chain: certs, subject, notAfter: cert.validity.notAfter, selfSigned };
}

/**
 * @signpdf's signer for an opened PKCS#12 key: forge's PKCS#7 SignedData, detached, SHA-256, with
 * the attributes PAdES readers expect (content type, signing time, message digest), as
 * @signpdf/signer-p12 makes it, with two differences. The bundle is opened once, not at every
 * signature. And the signer's issuer is named with its UTF8String values decoded: forge keeps a
 * parsed certificate's UTF-8 bytes as they are and encodes them again when it writes the
 * SignerInfo, so a Chinese CA or lab name (O=某某检测有限公司) would name an issuer no certificate
 * has, and every reader would reject the signature.
 */
class OpenedKeySigner extends Signer {
  private readonly opened: ReturnType<typeof openP12>;
  constructor(opened: ReturnType<typeof openP12>) {
    super();
    this.opened = opened;
  }
  async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    const { key, cert, chain } = this.opened;
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdf.toString('binary'));
    for (const c of chain) p7.addCertificate(c);
    const issuer = cert.issuer.attributes.map((a) =>
      a.valueTagClass === (forge.asn1.Type.UTF8 as unknown)
        ? { ...a, value: decodeUtf8(String(a.value)) }
        : a,
    );
    p7.addSigner({
      key,
      issuer,
      serialNumber: cert.serialNumber,
      digestAlgorithm: forge.pki.oids.sha256,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
        { type: forge.pki.oids.signingTime, value: (signingTime ?? new Date()) as unknown as string },
        { type: forge.pki.oids.messageDigest },
      ],
    } as unknown as Parameters<typeof p7.addSigner>[0]);
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}

/** A self-signed certificate for document signing, in a PKCS#12 bundle under `password`. */
function makeSelfSigned(commonName: string, password: string, now: Date): Uint8Array {
  // Node makes the RSA key (forge's JavaScript key generation takes seconds).
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime());
  cert.validity.notAfter.setFullYear(now.getFullYear() + SELF_SIGNED_YEARS);
  // Chinese names as UTF8String (forge encodes and decodes them).
  const utf8 = (shortName: string, value: string) => ({
    shortName,
    value,
    valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
  });
  const name = [utf8('CN', commonName), utf8('O', '自签名（未经 CA 认证）')];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'extKeyUsage', emailProtection: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/**
 * The install's self-signed key: read from DATA_DIR/keys/report-signing/, or made once. Two
 * processes starting together each make one in a scratch folder and rename it into place; the
 * loser's rename fails and it reads the winner's, so every report of the install is signed by one.
 */
async function selfSignedKey(env: KeyEnv, now: Date): Promise<{ p12: Uint8Array; password: string }> {
  const keys = join(env.DATA_DIR, 'keys');
  const dir = join(keys, SELF_SIGNED_DIR);
  const read = async () => ({
    p12: new Uint8Array(await readFile(join(dir, 'key.p12'))),
    password: (await readFile(join(dir, 'password'), 'utf8')).trim(),
  });
  try {
    return await read();
  } catch {
    // Not made yet.
  }
  await mkdir(keys, { recursive: true, mode: 0o700 });
  const scratch = join(keys, `.${SELF_SIGNED_DIR}-${randomBytes(6).toString('hex')}`);
  await mkdir(scratch, { mode: 0o700 });
  const password = randomBytes(18).toString('base64url');
  const host = new URL(env.PUBLIC_SITE_URL).hostname;
  await writeFile(join(scratch, 'key.p12'), makeSelfSigned(`${host} 检测报告签名`, password, now), {
    mode: 0o600,
  });
  await writeFile(join(scratch, 'password'), `${password}\n`, { mode: 0o600 });
  try {
    await rename(scratch, dir);
    await chmod(dir, 0o700);
    log('warn', 'report signing: no REPORT_SIGN_P12 configured; generated a self-signed certificate', {
      path: dir,
      hint: 'set REPORT_SIGN_P12 and REPORT_SIGN_PASSWORD to a CA-issued certificate before issuing real reports',
    });
  } catch {
    // Another process made it first.
    await rm(scratch, { recursive: true, force: true });
  }
  return read();
}

const cache = new Map<string, Promise<Key>>();

/** The key reports are signed with (opened once per process and configuration). */
function signingKey(env: KeyEnv, now = new Date()): Promise<Key> {
  const id = `${env.DATA_DIR}\n${env.REPORT_SIGN_P12 ?? ''}\n${env.REPORT_SIGN_PASSWORD ?? ''}`;
  let key = cache.get(id);
  if (!key) {
    key = loadKey(env, now);
    // A failure is not kept: the administrator fixes the file and the next release reads it again.
    key.catch(() => cache.delete(id));
    cache.set(id, key);
  }
  return key;
}

async function loadKey(env: KeyEnv, now: Date): Promise<Key> {
  const configured = Boolean(env.REPORT_SIGN_P12);
  let bundle: { p12: Uint8Array; password: string };
  if (configured) {
    try {
      bundle = {
        p12: new Uint8Array(await readFile(env.REPORT_SIGN_P12!)),
        password: env.REPORT_SIGN_PASSWORD ?? '',
      };
    } catch (error) {
      log('warn', 'report signing: REPORT_SIGN_P12 cannot be read', { error: String(error) });
      throw new DomainError(SIGNING_KEY_UNREADABLE, 200, 'SIGNING_KEY');
    }
  } else {
    try {
      bundle = await selfSignedKey(env, now);
    } catch (error) {
      log('warn', 'report signing: the self-signed key cannot be made', { error: String(error) });
      throw new DomainError(SIGNING_KEY_UNMADE, 200, 'SIGNING_KEY');
    }
  }
  try {
    return { ...openP12(bundle.p12, bundle.password), configured };
  } catch (error) {
    log('warn', 'report signing: the PKCS#12 key cannot be opened', { configured, error: String(error) });
    throw new DomainError(SIGNING_KEY_UNREADABLE, 200, 'SIGNING_KEY');
  }
}

/**
 * The key as the template screen shows it: configured or the install's own, self-signed or not,
 * whose and until when; a configured key that cannot be used says why instead.
 */
export async function signingKeyStatus(env: KeyEnv): Promise<SigningKeyStatus> {
  const configured = Boolean(env.REPORT_SIGN_P12);
  // Looking makes nothing: the install's own key is made by the first signature.
  if (!configured && !existsSync(join(env.DATA_DIR, 'keys', SELF_SIGNED_DIR, 'key.p12')))
    return { configured, self_signed: true, subject: NOT_MADE_YET, not_after: null, problem: null };
  try {
    const key = await signingKey(env);
    return {
      configured,
      self_signed: key.selfSigned,
      subject: key.subject,
      not_after: key.notAfter.toISOString(),
      problem: key.notAfter.getTime() < Date.now() ? '报告签名证书已过期，请管理员更换证书' : null,
    };
  } catch (error) {
    return {
      configured,
      self_signed: false,
      subject: '',
      not_after: null,
      problem: error instanceof DomainError ? error.message : SIGNING_KEY_UNREADABLE,
    };
  }
}

/**
 * @public The rendered report signed by the lab: a signature dictionary (reason 检测报告签发, the
 * approver's name, the signing time) whose detached CMS signature (SHA-256) covers every byte but
 * its own. Refuses, changing nothing, when the key cannot be used.
 */
export async function signReport(
  env: KeyEnv,
  pdf: Uint8Array,
  signer: { name: string; location?: string; at?: Date },
): Promise<Uint8Array> {
  const key = await signingKey(env);
  if (key.notAfter.getTime() < (signer.at ?? new Date()).getTime())
    throw new DomainError('报告签名证书已过期，请管理员更换证书', 200, 'SIGNING_KEY');
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: REASON,
    contactInfo: '',
    name: signer.name,
    location: signer.location ?? '',
    signingTime: signer.at,
    signatureLength: SIGNATURE_BYTES,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'lab-portal',
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signed = await new SignPdf().sign(prepared, new OpenedKeySigner(key), signer.at);
  return new Uint8Array(signed);
}
