import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/platform-tables.ts';
import type { MailAdapter } from './types.ts';

/** Development and tests: keeps each e-mail in mail_outbox (GET /api/dev/outbox) and the log. */
export function createLogMail(db: Db, now: () => number): MailAdapter {
  return {
    kind: 'log',
    async send({ to, subject, text }) {
      await db.insert(mailOutbox).values({ to, subject, text, createdAt: new Date(now()) });
      console.log(`[mail:log] ${to} ${subject}`);
    },
  };
}
