import { generateKeyPairSync } from 'node:crypto';

/** A 2048-bit RSA key pair in PEM, as payment providers and merchants hold them. */
export const rsaKeyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
