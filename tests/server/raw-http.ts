import { type AddressInfo } from 'node:net';
import { type Agent, request } from 'node:http';
import type { TestApp } from './helpers';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A plain Node HTTP client call over a real socket that writes the whole body, as a browser would. */
export function postRaw(url: string, body: Buffer, headers: Record<string, string>, agent?: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = request(url, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) }, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end(body);
  });
}

/** Starts the app on a free local port; returns its base URL. */
export async function listenLocally(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}
