import type { Db } from '../../db/client.ts';
import { smsOutbox } from '../../db/platform-tables.ts';
import type { SmsAdapter } from './types.ts';

/** Development and tests: keeps each message in sms_outbox and prints it to the server log. */
export function createLogSms(db: Db, now: () => number): SmsAdapter {
  return {
    kind: 'log',
    async send({ phone, text }) {
      await db.insert(smsOutbox).values({ phone, text, createdAt: new Date(now()) });
      console.log(`[sms:log] ${phone} ${text}`);
    },
  };
}
