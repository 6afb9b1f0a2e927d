/** A documented example of ./server/providers/account-aggregator/setu/fixtures: the request and Setu's answer. */
export interface Fixture {
  source?: string[];
  request: { method: string; path: string; headers?: Record<string, string>; body?: Record<string, unknown> };
  response: { status: number; body: Record<string, unknown> };
}
