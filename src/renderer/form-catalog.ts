import { useMemo } from 'react';
import { effectNames } from '../../core/catalog/effects';
import { builtinWidgetNames } from '../../core/catalog/rjsf-widgets';
import type { FormCatalog, JsonSchemaObject } from '../../core/engine/form-catalog';
import { useFormWidgets } from './widget-set';

/**
 * What a form page may name, as the browser knows it: the effects, the widgets the app handed the renderer and the
 * step schemas loaded. Names only: the options schemas stay with the config check (npm run check:config), which
 * has already checked every option; the browser shows an unknown name as the check would report it.
 */
export function useFormCatalog(schemas: Readonly<Record<string, JsonSchemaObject>> | null): FormCatalog | null {
  const { widgets } = useFormWidgets();
  return useMemo(() => {
    if (!schemas) return null;
    const handed = Object.fromEntries(Object.keys(widgets).map((name) => [name, {}]));
    return { effects: effectNames, schemas, widgets: handed, builtinWidgets: builtinWidgetNames };
  }, [schemas, widgets]);
}
