import { join } from 'node:path';
import { FlowClient } from './flow-client';
import { schedCpuMs, startServer } from './processes';

/**
 * The flow's yardstick, measured in the same sitting: the CPU a bare Fastify route (bench/bare-server.ts, its own
 * process) spends per request, loaded by the flow's own client at the flow's concurrency. This machine is shared and
 * its speed moves with the host's other tenants (the same server build measured 78 and 133 ms per application twelve
 * hours apart), so the server's CPU per application is also given in bare requests: that ratio is what compares
 * runs of different sittings.
 */

const warmUpRequests = 2_000;
const timedRequests = 6_000;

async function drive(client: FlowClient, requests: number, concurrency: number): Promise<void> {
  let sent = 0;
  const worker = async () => {
    while (sent < requests) {
      sent += 1;
      await client.send('GET /', '/');
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** CPU ms of the bare route's process per request (every thread, nanosecond resolution), at `concurrency` at a time. */
export async function bareRequestCpuMs(concurrency: number): Promise<number> {
  const bare = await startServer(['--import', 'tsx', join(import.meta.dirname, 'bare-server.ts')], {});
  try {
    const client = new FlowClient(bare.url, concurrency);
    await drive(client, warmUpRequests, concurrency);
    const before = schedCpuMs(bare.pid);
    await drive(client, timedRequests, concurrency);
    const used = schedCpuMs(bare.pid) - before;
    client.close();
    return Math.round((used / timedRequests) * 1000) / 1000;
  } finally {
    await bare.stop();
  }
}
