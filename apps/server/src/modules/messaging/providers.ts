import type { TDb } from '../../db/client.ts';
import type { TOutboxRepository } from './outbox.repository.ts';

export interface TSmsMessage {
  merchantId: number;
  countryDialingCode: string;
  mobile: string;
  text: string;
}

export interface TMailMessage {
  merchantId: number;
  to: string;
  subject: string;
  body: string;
}

/** Why a provider refused a message; the SMS service maps it to the spec's errors (§8). */
export class ProviderRefusal extends Error {
  constructor(readonly reason: 'quota' | 'invalid_number' | 'not_allowed' | 'unknown') {
    super(`provider refused: ${reason}`);
  }
}

/** An SMS gateway. A real one (an HTTP API) implements this; throw ProviderRefusal to refuse. */
export interface TSmsProvider {
  send(message: TSmsMessage): Promise<void>;
}

export interface TMailProvider {
  send(message: TMailMessage): Promise<void>;
}

/** The default SMS provider: the message is stored, and operators read it with `ops -- sms outbox`. */
export function createOutboxSmsProvider(deps: { db: TDb; outbox: Pick<TOutboxRepository, 'insertSms'> }): TSmsProvider {
  return {
    async send(m) {
      await deps.outbox.insertSms(deps.db, {
        merchantId: m.merchantId,
        countryDialingCode: m.countryDialingCode,
        mobile: m.mobile,
        message: m.text,
      });
    },
  };
}

/** The default mail provider: the message is stored, and operators read it with `ops -- mail outbox`. */
export function createOutboxMailProvider(deps: { db: TDb; outbox: Pick<TOutboxRepository, 'insertMail'> }): TMailProvider {
  return {
    async send(m) {
      await deps.outbox.insertMail(deps.db, { merchantId: m.merchantId, address: m.to, subject: m.subject, body: m.body });
    },
  };
}
