import type { ConfigBundle } from '../engine/config-types';
import { isFormPage } from '../engine/config-types';
import { mergePages } from '../engine/config-check';
import { normalisePath } from '../engine/flow';
import { isScreenName, screenRegistry } from '../screens/registry';

/** Loads the screen of `path` ahead of the first render (form pages load their own code as they render). */
export async function preloadRoute(bundle: ConfigBundle, path: string): Promise<void> {
  const page = mergePages(bundle)[normalisePath(path)];
  if (page && !isFormPage(page) && isScreenName(page.screen)) await screenRegistry[page.screen].preload();
}
