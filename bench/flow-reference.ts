import { join } from 'node:path';
import { FlowClient } from './flow-client';
import { schedCpuMs, startServer } from './processes';

/**
 * The flow's yardstick, measured in the same sitting: the CPU a bare Fastify route (bench/bare-server.ts, its own
 * process) spends per request, 20,000 of them one at a time from the flow's own client (about 3 s; at 32 at a time it
 * also moves with the way requests happen to batch). The machine under this bench changes between sittings
 * (2026-11-29: AMD EPYC at 02:15, Intel Xeon at 14:10, where the same server build used 78 and 133 ms per
 * application) and its speed within one, so the server's CPU per application is also given in bare requests: that
 * ratio is what compares sittings. Taken four times in a row the yardstick moved by ±5 %; it is taken before and
 * after each run.
 */

const warmUpRequests = 2_000;
const timedRequests = 20_000;

async function drive(client: FlowClient, requests: number): Promise<void> {
  for (let sent = 0; sent < requests; sent += 1) await client.send('GET /', '/');
}

/** CPU ms of the bare route's process per request (every thread, nanosecond resolution), one request at a time. */
export async function bareRequestCpuMs(): Promise<number> {
  const bare = await startServer(['--import', 'tsx', join(import.meta.dirname, 'bare-server.ts')], {});
  try {
    const client = new FlowClient(bare.url, 1);
    await drive(client, warmUpRequests);
    const before = schedCpuMs(bare.pid);
    await drive(client, timedRequests);
    const used = schedCpuMs(bare.pid) - before;
    client.close();
    return Math.round((used / timedRequests) * 1000) / 1000;
  } finally {
    await bare.stop();
  }
}
