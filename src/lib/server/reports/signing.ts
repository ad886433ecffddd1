// Signing released reports (issue 31, decision 0076): a detached CMS signature over the whole PDF,
// SHA-256, in a PAdES signature dictionary (ETSI.CAdES.detached), made by @signpdf with the lab's
// PKCS#12 key, never by hand-written PKCS#7.
//
// The key is configured like the payment keys: REPORT_SIGN_P12 (a file) and REPORT_SIGN_PASSWORD.
// Without them the install makes itself a self-signed certificate once, kept in the database so
// every app process uses it (decision 0085), and says so in the log and on the template screen. A
// configured key that cannot be read or opened refuses every signature with a message for the
// administrator, so no report goes out unsigned.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
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
const SIGNING_KEY_UNMADE = '报告签名证书无法生成或读取，请管理员检查数据库，或配置 REPORT_SIGN_P12';
/** The template screen's subject before the first report made the install's key. */
const NOT_MADE_YET = '（尚未生成：首次签发报告时自动生成自签名证书）';
const REASON = '检测报告签发';
/** Room for the CMS signature (hex doubles it): a key with a CA chain of three fits. */
const SIGNATURE_BYTES = 12_288;
const SELF_SIGNED_YEARS = 10;

type Key = ReturnType<typeof openP12> & { configured: boolean };
type KeyEnv = Pick<Env, 'REPORT_SIGN_P12' | 'REPORT_SIGN_PASSWORD' | 'PUBLIC_SITE_URL'>;

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
    const signed = p7.toAsn1();
    withSigningCertificate(signed, cert, key);
    return Buffer.from(forge.asn1.toDer(signed).getBytes(), 'binary');
  }
}

const { asn1 } = forge;
/** id-aa-signingCertificateV2 (RFC 5035). */
const SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';

/**
 * Adds the ESS signing-certificate-v2 attribute that PAdES baseline signatures carry (ETSI EN 319
 * 142-1: it binds the signature to the signer's certificate, so another certificate with the same
 * key cannot be substituted), then signs the attributes again. forge writes only the three
 * attributes it knows, so the attribute is added to the SignerInfo forge made. Its ESSCertIDv2
 * holds the SHA-256 of the certificate as embedded (the default hash, so no algorithm is written;
 * issuerSerial is left out, as the standard recommends).
 */
function withSigningCertificate(
  contentInfo: forge.asn1.Asn1,
  cert: forge.pki.Certificate,
  key: forge.pki.rsa.PrivateKey,
) {
  const signedData = (contentInfo.value as forge.asn1.Asn1[])[1].value[0] as forge.asn1.Asn1;
  const signerInfos = (signedData.value as forge.asn1.Asn1[]).at(-1)!;
  const signerInfo = (signerInfos.value as forge.asn1.Asn1[])[0];
  const fields = signerInfo.value as forge.asn1.Asn1[];
  const attributes = fields.find((f) => f.tagClass === asn1.Class.CONTEXT_SPECIFIC && f.type === 0)!;
  const certHash = forge.md.sha256.create().update(asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes());
  const { UNIVERSAL } = asn1.Class;
  (attributes.value as forge.asn1.Asn1[]).push(
    asn1.create(UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(SIGNING_CERTIFICATE_V2).getBytes()),
      asn1.create(UNIVERSAL, asn1.Type.SET, true, [
        asn1.create(UNIVERSAL, asn1.Type.SEQUENCE, true, [
          asn1.create(UNIVERSAL, asn1.Type.SEQUENCE, true, [
            asn1.create(UNIVERSAL, asn1.Type.SEQUENCE, true, [
              asn1.create(UNIVERSAL, asn1.Type.OCTETSTRING, false, certHash.digest().getBytes()),
            ]),
          ]),
        ]),
      ]),
    ]),
  );
  // The signature covers the attributes DER-encoded as a SET (RFC 5652 §5.4).
  const set = asn1.create(UNIVERSAL, asn1.Type.SET, true, attributes.value as forge.asn1.Asn1[]);
  const digest = forge.md.sha256.create().update(asn1.toDer(set).getBytes());
  fields.at(-1)!.value = key.sign(digest, 'RSASSA-PKCS1-V1_5');
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

/** A PKCS#12 bundle and the password that opens it. */
export type KeyBundle = { p12: Uint8Array; password: string };

/**
 * Where the install's self-signed key is kept (decision 0085): the database on a server, so every
 * process behind a load balancer signs with one certificate.
 */
export type SelfSignedKeyStore = {
  /** The stored bundle, or null before the first signature. */
  read(): Promise<KeyBundle | null>;
  /** Stores `bundle` unless one is stored already: the first writer wins. */
  add(bundle: KeyBundle): Promise<void>;
};

/** What signing needs: the configuration and where the install's own key lives. */
export type KeySource = { env: KeyEnv; store: SelfSignedKeyStore };

/**
 * The install's self-signed key: read from its store, or made once. Two processes signing their
 * first report together each make one; the store keeps the first, and both sign with it.
 */
async function selfSignedKey({ env, store }: KeySource, now: Date): Promise<KeyBundle> {
  const stored = await store.read();
  if (stored) return stored;
  const password = randomBytes(18).toString('base64url');
  const host = new URL(env.PUBLIC_SITE_URL).hostname;
  await store.add({ p12: makeSelfSigned(`${host} 检测报告签名`, password, now), password });
  const made = await store.read();
  if (!made) throw new Error('the key store kept nothing');
  log('warn', "report signing: no REPORT_SIGN_P12 configured; using the install's self-signed certificate", {
    hint: 'set REPORT_SIGN_P12 and REPORT_SIGN_PASSWORD to a CA-issued certificate before issuing real reports',
  });
  return made;
}

const cache = new WeakMap<SelfSignedKeyStore, Map<string, Promise<Key>>>();

/** The key reports are signed with (opened once per process, store and configuration). */
function signingKey(src: KeySource, now = new Date()): Promise<Key> {
  const { env, store } = src;
  const id = `${env.REPORT_SIGN_P12 ?? ''}\n${env.REPORT_SIGN_PASSWORD ?? ''}`;
  let keys = cache.get(store);
  if (!keys) cache.set(store, (keys = new Map()));
  let key = keys.get(id);
  if (!key) {
    key = loadKey(src, now);
    // A failure is not kept: the administrator fixes the file and the next release reads it again.
    key.catch(() => keys.delete(id));
    keys.set(id, key);
  }
  return key;
}

async function loadKey(src: KeySource, now: Date): Promise<Key> {
  const { env } = src;
  const configured = Boolean(env.REPORT_SIGN_P12);
  let bundle: KeyBundle;
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
      bundle = await selfSignedKey(src, now);
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
export async function signingKeyStatus(src: KeySource): Promise<SigningKeyStatus> {
  const configured = Boolean(src.env.REPORT_SIGN_P12);
  // Looking makes nothing: the install's own key is made by the first signature.
  if (!configured && !(await src.store.read()))
    return { configured, self_signed: true, subject: NOT_MADE_YET, not_after: null, problem: null };
  try {
    const key = await signingKey(src);
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
  src: KeySource,
  pdf: Uint8Array,
  signer: { name: string; location?: string; at?: Date },
): Promise<Uint8Array> {
  const key = await signingKey(src);
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
