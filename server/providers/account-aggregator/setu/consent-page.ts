import type { SimulatedBankAnswer } from '../account-aggregator';
import type { SetuConsentStatus } from './simulator-state';

/**
 * The simulated Setu consent screen: what Setu's pages do (the applicant reviews the request and approves, rejects or
 * cancels), reduced to plain forms. Styles only, no script, so the app's Content Security Policy holds.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const style = `body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:34rem;padding:0 1rem;color:#1f1f1f}
.card{border:1px solid #ddd;border-radius:8px;padding:1.5rem}.note{color:#555}
fieldset{border:1px solid #ddd;border-radius:6px;margin:1rem 0;padding:.5rem 1rem}label{display:block;padding:.35rem 0}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1rem}
button{font-size:1rem;min-height:44px;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #888;background:#fff;cursor:pointer}
.approve{background:#1668dc;color:#fff;border-color:#1668dc}.error{color:#b42318}`;

/** The bank's answers the page offers, as the applicant reads them. */
const answerLabels: Record<SimulatedBankAnswer, string> = {
  salary: 'Share my statement (a regular salary)',
  low_income: 'Share my statement (a low income)',
  no_data: 'My bank shares no data',
  delayed: 'My bank shares it after a short delay',
};

export type ConsentPageView =
  | { kind: 'missing' }
  | { kind: 'review'; consentId: string; chosen: SimulatedBankAnswer; months: number }
  | { kind: 'closed'; consentId: string; status: SetuConsentStatus; backUrl: string };

const closedTexts: Partial<Record<SetuConsentStatus, string>> = {
  ACTIVE: 'You approved this consent request.',
  REJECTED: 'You rejected this consent request.',
  EXPIRED: 'This consent request has expired.',
  FAILED: 'The account aggregator could not create this consent request.',
};

function body(view: ConsentPageView): string {
  if (view.kind === 'missing') return '<p class="error">This consent request does not exist.</p>';
  if (view.kind === 'closed') {
    const text = closedTexts[view.status] ?? 'This consent request can no longer be changed.';
    return `<p>${escapeHtml(text)}</p><p><a href="${escapeHtml(view.backUrl)}">Back to Onboard</a></p>`;
  }
  const action = (name: string) => `${encodeURIComponent(view.consentId)}/${name}`;
  const options = (Object.keys(answerLabels) as SimulatedBankAnswer[])
    .map((answer) => `<label><input type="radio" name="bankAnswer" value="${answer}"${answer === view.chosen ? ' checked' : ''}> ${answerLabels[answer]}</label>`)
    .join('');
  return `<p>Onboard asks to read the statements of your savings and current accounts for the last ${view.months} months, once, to verify your income for F&amp;O trading.</p>
<p class="note">Consent id <code>${escapeHtml(view.consentId)}</code></p>
<form method="post" action="${action('approve')}">
<fieldset><legend>What your bank shares (simulator)</legend>${options}</fieldset>
<div class="actions"><button class="approve" type="submit">Approve</button>
<button type="submit" formaction="${action('reject')}">Reject</button>
<button type="submit" formaction="${action('cancel')}">Cancel</button></div>
</form>`;
}

export function renderConsentPage(view: ConsentPageView): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Setu account aggregator (simulator) · Onboard</title><style>${style}</style></head>
<body><main><h1>Setu account aggregator (simulator)</h1>
<p class="note">Stands in for Setu's consent screens. Not available in production mode.</p>
<div class="card">${body(view)}</div></main></body></html>
`;
}
