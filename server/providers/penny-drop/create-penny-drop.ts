import { createHttpPennyDrop } from './http-penny-drop';
import type { PennyDrop } from './penny-drop';
import { type SandboxPennyDropOptions, createSandboxPennyDrop } from './sandbox-penny-drop';

export interface PennyDropEnv {
  PENNY_DROP_URL?: string | undefined;
  PENNY_DROP_TOKEN?: string | undefined;
}

/** The HTTP service when PENNY_DROP_URL is set (blank counts as unset), else the sandbox. */
export function createPennyDrop(env: PennyDropEnv, sandbox: SandboxPennyDropOptions = {}): PennyDrop {
  const url = env.PENNY_DROP_URL?.trim();
  if (!url) return createSandboxPennyDrop(sandbox);
  return createHttpPennyDrop({ url, token: env.PENNY_DROP_TOKEN?.trim() || undefined });
}
