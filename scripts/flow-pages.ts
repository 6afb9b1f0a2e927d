import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FlowConfig } from '../core/engine/flow-types';
import { configDir } from '../server/config/config-dirs.ts';

/** A page as flow-config/pages/*.json writes it; only what the build needs to tell pages apart. */
export interface PageEntry {
  screen?: string;
  form?: { uiSchema?: unknown };
}

/** Every pages file, keyed as the app keys them ('flow-config/pages/pan.json'). */
export function pageFiles(): Record<string, { pages: Record<string, PageEntry> }> {
  const dir = join(configDir, 'pages');
  const files = readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
  return Object.fromEntries(
    files.map((name) => [`flow-config/pages/${name}`, JSON.parse(readFileSync(join(dir, name), 'utf8')) as { pages: Record<string, PageEntry> }]),
  );
}

/** Every page of every pages file, keyed by route (as the app merges them). */
export function pages(): Record<string, PageEntry> {
  return Object.assign({}, ...Object.values(pageFiles()).map((file) => file.pages)) as Record<string, PageEntry>;
}

export function flow(): FlowConfig {
  return JSON.parse(readFileSync(join(configDir, 'flow.json'), 'utf8')) as FlowConfig;
}
