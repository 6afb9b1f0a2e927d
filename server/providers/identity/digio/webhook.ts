import { createHmac, timingSafeEqual } from 'node:crypto';
import { fieldsOf, textOf } from '../../http';
import { type IdentityWebhook, WebhookRefused } from '../identity';

/**
 * Digio's webhooks (shared/vendors/digio-kyc.md §8, digio-esign.md §7): JSON `{id, entities, event, created_at,
 * payload: {KYC_REQUEST | kyc_request | DIGILOCKER_REQUEST | document: {id, ...}}}`, signed with `X-Digio-Checksum`:
 * the lowercase hex HMAC-SHA256 of the raw body, keyed with the webhook secret set in Digio's dashboard.
 */

export const checksumHeader = 'x-digio-checksum';

/** The checksum Digio sends with `body`. */
export function digioChecksum(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Event names come as `KYC_REQUEST_APPROVED` or `kyc.request.approved`: one spelling. */
export const normaliseEvent = (event: string) => event.trim().toLowerCase().replace(/_/g, '.');

/** The payload keys that hold the request or document a delivery is about, as integrations see them. */
const entityKeys = ['KYC_REQUEST', 'kyc_request', 'DIGILOCKER_REQUEST', 'digilocker_request', 'document', 'DOCUMENT'];

/** A delivery whose checksum holds, read; WebhookRefused otherwise. Without a secret nothing can be checked: all refused. */
export function readDigioWebhook(secret: string | undefined, body: Buffer, header: (name: string) => string | undefined): IdentityWebhook {
  if (!secret) throw new WebhookRefused(401, 'no webhook secret is configured (DIGIO_WEBHOOK_SECRET)');
  const given = (header(checksumHeader) ?? '').trim().toLowerCase();
  const expected = digioChecksum(secret, body);
  if (!/^[0-9a-f]{64}$/.test(given) || !timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'))) {
    throw new WebhookRefused(401, 'X-Digio-Checksum does not match the body');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new WebhookRefused(400, 'the body is not JSON');
  }
  const delivery = fieldsOf(parsed);
  const payload = fieldsOf(delivery.payload);
  const requestId = entityKeys.map((key) => textOf(fieldsOf(payload[key]).id)).find(Boolean);
  if (!requestId) throw new WebhookRefused(400, 'the delivery names no request or document');
  return { id: textOf(delivery.id), event: normaliseEvent(textOf(delivery.event)), requestId };
}
