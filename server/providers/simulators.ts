import { parse as parseQuery } from 'node:querystring';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { SimulatorDeps, VendorDefinition, VendorSettings } from './vendor';

/**
 * The simulators of the capabilities nobody configured: each vendor's own protocol on loopback. HTTP vendors share one
 * Fastify server of their own (127.0.0.1, a port the OS picks), each under `/<capability>/<vendor>` (Setu is the
 * vendor of two capabilities, with a simulator for each); a vendor of another protocol
 * (SMTP) listens on a port of its own. The production clients are pointed at them with the settings each simulator
 * gives, so `npm start`, the tests and the benchmarks run the code that runs in production.
 */

export interface SimulatedVendor {
  definition: VendorDefinition;
  deps: SimulatorDeps;
}

export interface RunningSimulators {
  /** http://127.0.0.1:<port> of the shared HTTP server; undefined when no HTTP vendor is simulated. */
  baseUrl: string | undefined;
  /**
   * The settings that point each simulated vendor's client at its simulator, by vendor definition: one vendor name
   * may serve two capabilities (Setu: the account aggregator and UPI), each with a simulator and settings of its own.
   */
  settings: ReadonlyMap<VendorDefinition, VendorSettings>;
  close(): Promise<void>;
}

/** Bodies vendors send that Fastify does not parse by itself: forms (CVL's ASMX, Exotel) and XML (SOAP). */
function acceptVendorBodies(server: FastifyInstance): void {
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseQuery(String(body)));
  });
  server.addContentTypeParser(['text/xml', 'application/xml', 'application/soap+xml'], { parseAs: 'string' }, (_request, body, done) => {
    done(null, String(body));
  });
}

/** Where a simulator's HTTP routes are mounted on the shared server. */
export function simulatorPath(definition: VendorDefinition): string {
  return `/${definition.capability}/${definition.vendor}`;
}

async function startHttpServer(vendors: readonly SimulatedVendor[]): Promise<{ server: FastifyInstance; baseUrl: string }> {
  // Vendors answer in their own formats (XML, text): no schema serialisation, no logs (the app's log is the record).
  // Closing ends every connection: a client's kept-alive socket would otherwise hold the close for Fastify's 72 s keep-alive.
  const server = Fastify({ logger: false, bodyLimit: 25 * 1024 * 1024, forceCloseConnections: true });
  acceptVendorBodies(server);
  for (const { definition, deps } of vendors) {
    if ('routes' in definition.simulator) await server.register(definition.simulator.routes(deps), { prefix: simulatorPath(definition) });
  }
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, baseUrl: address };
}

export async function startSimulators(vendors: readonly SimulatedVendor[]): Promise<RunningSimulators> {
  const settings = new Map<VendorDefinition, VendorSettings>();
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    await Promise.allSettled(closers.splice(0).map((closeOne) => closeOne()));
  };
  let baseUrl: string | undefined;
  try {
    const http = vendors.filter(({ definition }) => 'routes' in definition.simulator);
    if (http.length > 0) {
      const started = await startHttpServer(http);
      closers.push(() => started.server.close());
      baseUrl = started.baseUrl;
      for (const { definition } of http) {
        if ('settings' in definition.simulator) settings.set(definition, definition.simulator.settings(`${started.baseUrl}${simulatorPath(definition)}`));
      }
    }
    for (const { definition, deps } of vendors) {
      if (!('listen' in definition.simulator)) continue;
      const running = await definition.simulator.listen(deps);
      closers.push(() => running.close());
      settings.set(definition, running.settings);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { baseUrl, settings, close };
}

/**
 * The simulated vendors' own pages for the applicant (an SDK dialog, a consent screen), mounted on the app under
 * `/sim/<vendor>` so the browser reaches them at the app's origin. Never in production: no simulator runs there.
 */
export function simulatorPages(vendors: readonly SimulatedVendor[]): FastifyPluginAsync {
  return async (app) => {
    for (const { definition, deps } of vendors) {
      const pages = definition.simulator.browserRoutes?.(deps);
      if (pages) await app.register(pages, { prefix: `/sim/${definition.vendor}` });
    }
  };
}
