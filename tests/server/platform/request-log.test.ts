import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, captureLogs, get, startTestApp } from '../helpers';

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

function lines(text: string): LogLine[] {
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine);
}

describe('request log lines', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('writes one line per request at info, with the masked request, the status and the time', async () => {
    const { stream, text } = captureLogs();
    t = await startTestApp({ logger: { level: 'info', stream } });
    await get(t.app, '/api/dev/outbox?to=9876543210');
    const logged = lines(text()).filter((line) => line.req || line.res);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/api/dev/outbox?to=98******10' }, res: { statusCode: 200 } });
    expect(typeof logged[0]?.responseTime).toBe('number');
  });

  it("adds the 'incoming request' line at debug", async () => {
    const { stream, text } = captureLogs();
    t = await startTestApp({ logger: { level: 'debug', stream } });
    await get(t.app, '/api/health');
    expect(lines(text()).map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });
});
