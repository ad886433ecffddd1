/** One plain-text e-mail. */
type MailMessage = { to: string; subject: string; text: string };

/** Sends or throws; the notification worker retries a throw with back-off. */
export type MailAdapter = {
  readonly kind: 'log' | 'smtp';
  send(message: MailMessage): Promise<void>;
};
