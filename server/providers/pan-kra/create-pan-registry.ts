import { createHttpPanRegistry } from './http-pan-registry';
import type { PanRegistry } from './pan-registry';
import { type SandboxPanOptions, createSandboxPanRegistry } from './sandbox-pan-registry';

/** The environment variables that choose the PAN/KRA registry. */
export interface PanKraEnv {
  PAN_KRA_URL?: string | undefined;
  PAN_KRA_TOKEN?: string | undefined;
}

/** The HTTP registry when PAN_KRA_URL is set (blank counts as unset), else the sandbox. */
export function createPanRegistry(env: PanKraEnv, sandbox: SandboxPanOptions = {}, timeoutMs?: number): PanRegistry {
  const url = env.PAN_KRA_URL?.trim();
  if (!url) return createSandboxPanRegistry(sandbox);
  return createHttpPanRegistry({ url, token: env.PAN_KRA_TOKEN?.trim() || undefined, timeoutMs });
}
