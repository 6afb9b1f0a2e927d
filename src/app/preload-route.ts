import { mergePages, type ConfigBundle } from '../../core/engine/config-types';
import { normalisePath } from '../../core/engine/flow';
import { preloadPage } from '../renderer/preload-page';
import { formWidgets } from './form-widgets';

/**
 * Loads the code of `path` ahead of the first render (its screen, or its form page and step validators),
 * so the first render draws the page itself where the prerendered one stands, not a spinner.
 */
export async function preloadRoute(bundle: ConfigBundle, path: string): Promise<void> {
  await preloadPage(mergePages(bundle)[normalisePath(path)], formWidgets);
}
