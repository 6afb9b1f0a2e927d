import type { ConfigBundle } from '../engine/config-types';
import { isFormPage } from '../engine/config-types';
import { mergePages } from '../engine/config-check';
import { normalisePath } from '../engine/flow';
import { isScreenName, screenRegistry } from '../screens/registry';
import { preloadPageValidators } from '../renderer/preload-validators';

/** Loads the screen of `path` ahead of the first render, and starts its step validators (form pages load their own code as they render). */
export async function preloadRoute(bundle: ConfigBundle, path: string): Promise<void> {
  const page = mergePages(bundle)[normalisePath(path)];
  preloadPageValidators(page);
  if (page && !isFormPage(page) && isScreenName(page.screen)) await screenRegistry[page.screen].preload();
}
