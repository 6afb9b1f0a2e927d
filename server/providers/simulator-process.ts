import { fork } from 'node:child_process';
import { loadConfig } from '../config/load-config';
import { createDatabase, type DatabaseOptions } from '../db/database';
import { createTexts } from '../platform/texts';
import { loadStepSchemas } from '../validation/step-schemas';
import { settingsOf } from '../../core/engine/settings';
import { providerConfigOf } from './provider-config';
import { type Registry, registry as defaultRegistry } from './registry';
import { type RunningSimulators, type SimulatedVendor, startSimulators } from './simulators';
import { simulatorDepsOf } from './simulator-deps';
import type { Capability, VendorDefinition, VendorSettings } from './vendor';

/**
 * The simulators in a process of their own (SIMULATORS=process): the same simulators on the same database, in a child
 * of the server, so the server's CPU is its own and the vendors' side is measured apart (bench:flow). The server
 * forks its own bundle with ONBOARD_ROLE=simulators, sends what to start over the IPC channel and gets each simulated
 * vendor's settings back; the vendors' state is in the shared database, so the dev controls and the simulators' pages
 * that stay in the server act on the same records. The child ends with its parent.
 */

export const simulatorRoleVariable = 'ONBOARD_ROLE';
export const simulatorRole = 'simulators';

/** What the server tells the child to start. */
interface StartMessage {
  start: {
    database: DatabaseOptions;
    configDir: string;
    stepSchemasDir: string;
    smsVendor: string | undefined;
    publicUrl: string;
    delayMs: number | undefined;
    slowDelayMs: number | undefined;
    vendors: { capability: Capability; vendor: string }[];
  };
}

/** The child's answer: each vendor's settings, or why it could not start. */
type ReadyMessage = { ready: { capability: Capability; vendor: string; settings: VendorSettings }[] } | { failed: string };

export interface SimulatorProcessOptions extends Omit<StartMessage['start'], 'vendors'> {
  /** The server's bundle (dist-server/main.js): the child runs it in the simulators' role. */
  entry: string;
}

const startSeconds = 60;

/** The server's side: starts the child and returns the simulators as startSimulators would. */
export function simulatorProcess(options: SimulatorProcessOptions): (vendors: readonly SimulatedVendor[]) => Promise<RunningSimulators> {
  return async (vendors) => {
    const { entry, ...start } = options;
    // The server's loader flags (tsx) but not its profiler or inspector: the child's profile would mix with the server's.
    const execArgv = process.execArgv.filter((flag) => !/^--(cpu-prof|inspect|heap-prof)/.test(flag));
    const env = { ...process.env, [simulatorRoleVariable]: simulatorRole, ONBOARD_QUERY_COUNTS: '' };
    const child = fork(entry, [], { env, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const close = async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    };
    const message: StartMessage = { start: { ...start, vendors: vendors.map(({ definition }) => ({ capability: definition.capability, vendor: definition.vendor })) } };
    let answer: ReadyMessage;
    try {
      answer = await new Promise<ReadyMessage>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the simulators' process did not start within ${startSeconds} s`)), startSeconds * 1000);
        child.once('message', (reply) => {
          clearTimeout(timer);
          resolve(reply as ReadyMessage);
        });
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`the simulators' process exited (code ${code}) before it started`));
        });
        child.send(message);
      });
    } catch (error) {
      await close();
      throw error;
    }
    if ('failed' in answer) {
      await close();
      throw new Error(`the simulators' process could not start: ${answer.failed}`);
    }
    const settings = new Map<VendorDefinition, VendorSettings>();
    for (const { definition } of vendors) {
      const found = answer.ready.find((one) => one.capability === definition.capability && one.vendor === definition.vendor);
      if (found) settings.set(definition, found.settings);
    }
    // The server's event loop does not wait on the child; SIGTERM to the server closes it (close()).
    child.channel?.unref();
    child.unref();
    return { baseUrl: undefined, settings, close };
  };
}

function definitionOf(registry: Registry, capability: Capability, vendor: string): VendorDefinition {
  const found = (registry[capability].vendors as readonly VendorDefinition[]).find((one) => one.vendor === vendor);
  if (!found) throw new Error(`no vendor '${vendor}' for ${capability}`);
  return found;
}

async function startFromMessage({ start }: StartMessage, registry: Registry): Promise<RunningSimulators> {
  const config = loadConfig(start.configDir, { stepSchemasDir: start.stepSchemasDir, smsVendor: start.smsVendor });
  const stepSchemas = loadStepSchemas(start.stepSchemasDir, settingsOf(config.flow));
  const texts = createTexts({ bundle: config, translations: config.translations, stepSchemas });
  const providerConfig = providerConfigOf(texts, config.smsTemplates, config.ops);
  const db = createDatabase(start.database);
  const deps = { db, clock: Date.now, publicUrl: start.publicUrl, config: providerConfig, delayMs: start.delayMs, slowDelayMs: start.slowDelayMs };
  const vendors = start.vendors.map(({ capability, vendor }) => {
    const definition = definitionOf(registry, capability, vendor);
    return { definition, deps: simulatorDepsOf(definition, deps) };
  });
  try {
    const running = await startSimulators(vendors);
    const close = async () => {
      await running.close();
      await db.destroy();
    };
    return { ...running, close };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/** The child's side (main.ts in the simulators' role): start on the server's message, end with the server. */
export function runSimulatorProcess(registry: Registry = defaultRegistry): void {
  let running: Promise<RunningSimulators> | undefined;
  const stop = async () => {
    await (await running?.catch(() => undefined))?.close();
    process.exit(0);
  };
  process.once('disconnect', () => void stop());
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  process.once('message', (message) => {
    running = startFromMessage(message as StartMessage, registry);
    running.then(
      (started) => process.send?.({ ready: [...started.settings].map(([definition, settings]) => ({ capability: definition.capability, vendor: definition.vendor, settings })) } satisfies ReadyMessage),
      (error: unknown) => process.send?.({ failed: error instanceof Error ? error.message : String(error) } satisfies ReadyMessage),
    );
  });
}
