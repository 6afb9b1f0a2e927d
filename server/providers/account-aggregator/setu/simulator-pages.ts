import { randomUUID } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyPluginAsync } from 'fastify';
import type { SimulatorDeps } from '../../vendor';
import { type AggregatorControls, type ConsentDecision, type SimulatedBankAnswer, consentDecisions, monthsIn, simulatedBankAnswers } from '../account-aggregator';
import { renderConsentPage, type ConsentPageView } from './consent-page';
import { consentStates } from './client';
import { linkedAccount } from './simulator';
import { type SetuConsentStatus, type SimConsent, consentKind, decide, redirectAfter, statusNow } from './simulator-state';

/** Where the app mounts the simulator's pages (simulators.ts: /sim/<vendor>). */
export const setuAaPagesPrefix = '/sim/setu';

/**
 * What the applicant does at Setu: the consent screen (mounted on the app at /sim/<vendor>, so the browser reaches it
 * at the app's origin) and the same decisions as controls for /api/dev/aa/... Each decision is notified to the app's
 * webhook as Setu would (CONSENT_STATUS_UPDATE, no retries); the app trusts it only after reading the consent again.
 */

export const webhookPath = '/api/webhooks/setu-aa';


/** Setu's consent notification for a decision (notifications.mdx): the status, or the applicant's reason. */
function notification(consent: SimConsent, action: ConsentDecision, now: number): Record<string, unknown> {
  const common = { consentId: consent.id, notificationId: randomUUID(), timestamp: new Date(now).toISOString(), type: 'CONSENT_STATUS_UPDATE' };
  if (action === 'approve' && consent.status === 'ACTIVE') {
    return { ...common, success: true, error: null, data: { status: 'ACTIVE', detail: { accounts: [linkedAccount(consent)] } } };
  }
  const error = action === 'cancel' ? { code: 'UserCancelled', message: 'cancel_will_share_later' } : { code: 'UserRejected', message: 'reject_not_want_to_share' };
  return { ...common, success: false, error, data: null };
}

export function createSetuAaControls(deps: SimulatorDeps): AggregatorControls {
  const notify = (body: Record<string, unknown>) => {
    // Fire and forget, as Setu sends it; nobody listening is no one's problem here.
    void fetch(new URL(webhookPath, deps.publicUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    }).catch(() => undefined);
  };

  return {
    async decide(consentId, action, bankAnswer) {
      const before = await deps.store.get<SimConsent>(consentKind, consentId);
      if (!before) return undefined;
      const open = statusNow(before, deps.clock()) !== 'EXPIRED';
      const after = open ? ((await deps.store.update<SimConsent>(consentKind, consentId, (current) => decide(current, action, bankAnswer))) ?? before) : before;
      const changed = after.status !== before.status || action === 'cancel';
      if (open && changed && (before.status === 'PENDING' || before.status === 'INITIATED')) notify(notification(after, action, deps.clock()));
      return { consentId, status: consentStates[statusNow(after, deps.clock())] ?? 'pending', redirectUrl: redirectAfter(after, action) };
    },
    consentPage: (consentId) => `${setuAaPagesPrefix}/v2/consents/webview/${encodeURIComponent(consentId)}`,
    async withdraw(consentId, how) {
      const status: SetuConsentStatus = how === 'revoke' ? 'REVOKED' : 'PAUSED';
      const updated = await deps.store.update<SimConsent>(consentKind, consentId, (current) => (current.status === 'ACTIVE' ? { ...current, status } : current));
      return updated !== undefined;
    },
  };
}

const isBankAnswer = (value: unknown): value is SimulatedBankAnswer => typeof value === 'string' && (simulatedBankAnswers as readonly string[]).includes(value);

/** GET /v2/consents/webview/{id} (the consent screen) and its forms' POST …/{id}/approve|reject|cancel. */
export function setuAaPages(deps: SimulatorDeps, controls: AggregatorControls): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, parseQuery(String(body)));
    });
    const page = (view: ConsentPageView) => renderConsentPage(view);

    app.get<{ Params: { id: string } }>('/v2/consents/webview/:id', async (request, reply) => {
      const { id } = request.params;
      let consent = await deps.store.get<SimConsent>(consentKind, id);
      // Opening the screen of an INITIATED consent is the applicant picking a bank: it is created at the AA, PENDING.
      if (consent?.status === 'INITIATED') consent = await deps.store.update<SimConsent>(consentKind, id, (current) => ({ ...current, status: current.status === 'INITIATED' ? 'PENDING' : current.status }));
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!consent) return reply.code(404).send(page({ kind: 'missing' }));
      const status = statusNow(consent, deps.clock());
      if (status !== 'PENDING') {
        const backUrl = redirectAfter(consent, status === 'ACTIVE' ? 'approve' : 'reject');
        return reply.send(page({ kind: 'closed', consentId: id, status, backUrl }));
      }
      return reply.send(page({ kind: 'review', consentId: id, chosen: consent.bankAnswer, months: monthsIn(consent.dataRange) }));
    });

    for (const action of consentDecisions) {
      app.post<{ Params: { id: string } }>(`/v2/consents/webview/:id/${action}`, async (request, reply) => {
        const fields = (request.body ?? {}) as Record<string, unknown>;
        const outcome = await controls.decide(request.params.id, action, isBankAnswer(fields.bankAnswer) ? fields.bankAnswer : undefined);
        if (!outcome) return reply.code(404).type('text/html; charset=utf-8').send(page({ kind: 'missing' }));
        return reply.redirect(outcome.redirectUrl, 303);
      });
    }
  };
}
