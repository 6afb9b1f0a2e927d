import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { KraAnswer, KraClient, KraQuery } from '../../../../server/providers/kra/kra';
import type { XmlElement } from '../../../../server/providers/xml';
import { type Received, recordingPeer } from '../contract-harness';
import { noDeadline } from '../../../../server/providers/call-budget';

/** A KRA exchange as documented: the answers, in order, to the calls a lookup makes, and what they mean to us. */
export interface KraFixture {
  source: string;
  query: KraQuery;
  answers: string[];
  expect: KraAnswer | { error: string; retryable: boolean };
}

export function kraFixtures(vendor: 'cams' | 'cvl'): { name: string; fixture: KraFixture }[] {
  const folder = join(import.meta.dirname, '../../../../server/providers/kra', vendor, 'fixtures');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ name: name.replace(/\.json$/, ''), fixture: JSON.parse(readFileSync(join(folder, name), 'utf8')) as KraFixture }));
}

/** The client's lookup against a peer answering the fixture's answers in order; what it made of them, and what it sent. */
export async function lookupAgainst(fixture: KraFixture, create: (base: string) => KraClient): Promise<{ outcome: unknown; received: Received[] }> {
  let next = 0;
  const peer = await recordingPeer(() => ({ status: 200, contentType: 'text/xml; charset=utf-8', body: fixture.answers[next++] ?? '' }));
  const client = create(peer.base);
  const outcome = await client.lookup(fixture.query, noDeadline).catch((error: unknown) => ({ error: (error as Error).message, retryable: (error as { retryable?: boolean }).retryable }));
  return { outcome, received: peer.received };
}

/** Each special PAN of the simulators (simulated-kra.ts) and what the production client makes of it. */
export const specialPanAnswers: readonly [string, Partial<KraAnswer>][] = [
  ['ABCPS1234F', { status: 'registered', dateOfBirth: '15/08/1990' }],
  ['ABCPS7777F', { status: 'validated', dateOfBirth: '15/08/1990' }],
  ['ABCPS1111F', { status: 'registered', dateOfBirth: '01/01/1970' }],
  ['ABCPS3333F', { status: 'on_hold', reason: 'Address proof not clear' }],
  ['ABCPS4444F', { status: 'rejected', reason: 'Signature mismatch' }],
  ['ABCPS0000F', { status: 'not_found' }],
  ['ABCPS5000F', { status: 'unavailable' }],
];

/** The names of an element's children, in order. */
export function childNames(element: XmlElement | undefined): string[] {
  return (element?.children ?? []).map((child) => child.name);
}

export function expectSameFields(actual: XmlElement | undefined, documented: XmlElement | undefined): void {
  expect(actual).toBeDefined();
  expect([...childNames(actual)].sort()).toEqual([...childNames(documented)].sort());
}
