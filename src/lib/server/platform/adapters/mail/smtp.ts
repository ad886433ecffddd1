import nodemailer from 'nodemailer';
import type { MailAdapter } from './types.ts';

export type SmtpConfig = {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
};

/** Real e-mail through an SMTP server (nodemailer keeps one pooled connection). */
export function createSmtpMail(config: SmtpConfig): MailAdapter {
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    pool: true,
    auth: config.user ? { user: config.user, pass: config.pass ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send({ to, subject, text }) {
      await transport.sendMail({ from: config.from, to, subject, text });
    },
  };
}
