/**
 * One text message to a mainland mobile. `params` are the template variables (e.g. {code});
 * `template` names a notification template (e.g. 'received'); without it this is a login code.
 */
type SmsMessage = { phone: string; text: string; params: Record<string, string>; template?: string };

/** Sends a message or throws; callers turn a throw into a Chinese message for the user. */
export type SmsAdapter = {
  readonly kind: 'log' | 'aliyun';
  send(message: SmsMessage): Promise<void>;
};
