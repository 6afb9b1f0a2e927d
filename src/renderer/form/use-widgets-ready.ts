import { useEffect, useMemo, useState } from 'react';
import { preloadWidgets, useFormWidgets } from '../widget-set';

/** Every `ui:widget` name in a uiSchema, at any depth. */
export function widgetNamesIn(uiSchema: unknown): string[] {
  if (!uiSchema || typeof uiSchema !== 'object') return [];
  return Object.entries(uiSchema).flatMap(([key, value]) => {
    if (key === 'ui:widget') return typeof value === 'string' ? [value] : [];
    return key.startsWith('ui:') ? [] : widgetNamesIn(value);
  });
}

/**
 * Whether the code of every widget the uiSchema names has loaded; starts loading what is missing. A form waits
 * for this, so it never shows (and a test or a fast user never meets) a stand-in for one of its inputs.
 */
export function useWidgetsReady(uiSchema: unknown): boolean {
  const formWidgets = useFormWidgets();
  const names = useMemo(() => widgetNamesIn(uiSchema), [uiSchema]);
  const [, setLoaded] = useState(0);
  const [failure, setFailure] = useState<Error>();
  const missing = formWidgets.toLoad(names).length > 0;
  useEffect(() => {
    if (!missing) return;
    preloadWidgets(formWidgets, names).then(
      () => setLoaded((count) => count + 1),
      (error: unknown) => setFailure(error instanceof Error ? error : new Error(String(error))),
    );
  }, [formWidgets, names, missing]);
  // Thrown while rendering, so the page's error boundary names the route.
  if (failure) throw failure;
  return !missing;
}
