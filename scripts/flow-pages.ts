import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FlowConfig } from '../core/engine/flow-types';
import { configDir } from '../server/config/config-dirs.ts';

/** A page as flow-config/pages/*.json writes it; only what the build needs to tell pages apart. */
export interface PageEntry {
  screen?: string;
  form?: { uiSchema?: unknown };
}

/** Every page of every pages file, keyed by route (as the app merges them). */
export function pages(): Record<string, PageEntry> {
  const dir = join(configDir, 'pages');
  const files = readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
  return Object.assign(
    {},
    ...files.map((name) => (JSON.parse(readFileSync(join(dir, name), 'utf8')) as { pages: Record<string, PageEntry> }).pages),
  );
}

export function flow(): FlowConfig {
  return JSON.parse(readFileSync(join(configDir, 'flow.json'), 'utf8')) as FlowConfig;
}
