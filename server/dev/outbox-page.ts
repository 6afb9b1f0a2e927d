import type { OutboxMessage } from '../../core/api/types';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/* Styles only (allowed by the CSP); no script, so the page works under script-src 'self'. */
const style = `body{font-family:system-ui,sans-serif;margin:2rem;color:#1f1f1f}
table{border-collapse:collapse;margin-top:1rem;width:100%}th,td{border:1px solid #ddd;padding:.4rem .6rem;text-align:left;vertical-align:top}
th{background:#f5f5f5}code{font-size:1.2em;font-weight:600}.note{color:#666}.error{color:#b42318}`;

function rows(messages: OutboxMessage[]): string {
  if (messages.length === 0) return '<p class="note">No messages for this recipient yet.</p>';
  const body = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.sentAt)}</td><td>${escapeHtml(m.channel)}</td><td><code>${escapeHtml(m.code ?? '')}</code></td><td>${escapeHtml(m.text)}</td></tr>`,
    )
    .join('\n');
  return `<table><thead><tr><th>Sent (UTC)</th><th>Channel</th><th>Code</th><th>Text</th></tr></thead><tbody>\n${body}\n</tbody></table>`;
}

export interface OutboxPageInput {
  to: string;
  error?: string | undefined;
  messages?: OutboxMessage[] | undefined;
}

/** The sandbox outbox as a page: a GET form for the recipient and their messages, newest first. */
export function renderOutboxPage(input: OutboxPageInput): string {
  const result = input.error
    ? `<p class="error">${escapeHtml(input.error)}</p>`
    : input.messages
      ? rows(input.messages)
      : '<p class="note">Enter a mobile number or an email address to see what the sandbox sent to it.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox outbox · Onboard</title><style>${style}</style></head>
<body><h1>Sandbox outbox</h1>
<p class="note">Messages the sandbox SMS and email providers would have delivered. Not available in production mode.</p>
<form method="get" action="/dev/outbox"><label for="to">Recipient</label>
<input id="to" name="to" value="${escapeHtml(input.to)}" placeholder="9876543210 or name@example.com" maxlength="100">
<button type="submit">Show</button></form>
${result}
</body></html>`;
}
