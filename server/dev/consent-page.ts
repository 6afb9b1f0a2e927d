function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/* Styles only (allowed by the CSP); no script: the buttons are plain forms. */
const style = `body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:32rem;color:#1f1f1f}
.card{border:1px solid #ddd;border-radius:8px;padding:1.5rem}.note{color:#666}
form{display:inline}button{font-size:1rem;padding:.5rem 1.25rem;margin-right:.5rem;border-radius:6px;border:1px solid #888;cursor:pointer}
.approve{background:#1677ff;color:#fff;border-color:#1677ff}.error{color:#b42318}`;

export interface ConsentPageInput {
  consentId: string;
  /** The sandbox holds no such consent. */
  missing?: boolean;
}

/** The sandbox account aggregator's consent page: what a real aggregator shows, reduced to its two answers. */
export function renderConsentPage(input: ConsentPageInput): string {
  const id = encodeURIComponent(input.consentId);
  const body = input.missing
    ? '<p class="error">This consent request does not exist in the sandbox.</p>'
    : `<p>Onboard asks to read your bank statements of the last 12 months once, to verify your income for F&amp;O trading.</p>
<p class="note">Consent id <code>${escapeHtml(input.consentId)}</code></p>
<form method="post" action="/dev/aa/consent/${id}/approve"><button class="approve" type="submit">Approve</button></form>
<form method="post" action="/dev/aa/consent/${id}/reject"><button type="submit">Reject</button></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox account aggregator · Onboard</title><style>${style}</style></head>
<body><h1>Sandbox account aggregator</h1>
<p class="note">Stands in for the account aggregator's consent screens. Not available in production mode.</p>
<div class="card">${body}</div></body></html>
`;
}
