import type { ScreenComponent } from './preloadable';

/**
 * One screen, defined once in its `<screen>.screen.ts` beside the component: the name flow-config/pages writes
 * as `"screen"`, and a loader. Reading a definition (the Node-side config check does) loads no React, and each
 * screen stays a chunk of its own: only `load()` imports the component.
 */
export interface ScreenDefinition<Name extends string = string> {
  /** lowerCamel; written as `"screen"` in flow-config/pages. */
  name: Name;
  load: () => Promise<ScreenComponent>;
}

/** Keeps the name's literal type, so the catalog knows every name without a list of its own. */
export function defineScreen<const Name extends string>(definition: ScreenDefinition<Name>): ScreenDefinition<Name> {
  return definition;
}
