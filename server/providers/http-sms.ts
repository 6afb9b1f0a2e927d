import type { MessageProvider, OutgoingMessage } from './messages';
import { checkDestination } from './check-destination';
import { maskPhone } from './mask';
import { callSignal } from './call-budget';
import { describeFetchError } from './http-call';
import { ProviderError } from './provider-error';

export interface HttpSmsOptions {
  /** The gateway endpoint that accepts POST {to, sender, text}. */
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string;
  /** DLT-registered sender id; default 'ONBORD'. */
  senderId?: string;
  /** Whole request, connect to last byte; default 10 s. */
  timeoutMs?: number;
}

/** The JSON body the gateway receives. */
export interface HttpSmsRequestBody {
  /** E.164: '+91' and the 10-digit mobile number. */
  to: string;
  sender: string;
  text: string;
}

export const httpSmsProviderName = 'http-sms';
const defaultSenderId = 'ONBORD';
/** Also the sandbox gateway's own timeout. */
export const messageTimeoutMs = 10_000;

/** SMS through a configurable HTTP gateway, with Node's fetch. Errors never carry the text or full number. */
export function createHttpSmsProvider(options: HttpSmsOptions): MessageProvider {
  let endpoint: URL;
  try {
    endpoint = new URL(options.url);
  } catch {
    throw new ProviderError(httpSmsProviderName, 'gateway url is not a valid URL');
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') {
    throw new ProviderError(httpSmsProviderName, `gateway url must be http or https, not ${endpoint.protocol}`);
  }
  const timeoutMs = options.timeoutMs ?? messageTimeoutMs;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const sender = options.senderId ?? defaultSenderId;

  return {
    name: httpSmsProviderName,
    async send(message: OutgoingMessage): Promise<void> {
      checkDestination(httpSmsProviderName, 'sms', message);
      const masked = maskPhone(message.to);
      const body: HttpSmsRequestBody = { to: `+91${message.to}`, sender, text: message.text };
      const { signal, limitMs } = callSignal(timeoutMs);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal,
        });
        // Read the body so the connection can be reused; its content is not trusted to be free of the number.
        await response.arrayBuffer();
      } catch (error) {
        throw new ProviderError(httpSmsProviderName, `sms to ${masked} failed: ${describeFetchError(error, limitMs, 'gateway')}`);
      }
      if (!response.ok) {
        throw new ProviderError(
          httpSmsProviderName,
          `sms to ${masked} failed: gateway answered ${response.status}`,
          response.status,
        );
      }
    },
  };
}
