import { useMemo } from 'react';
import { embeddedForms, type FormSpec } from '../../core/engine/config-types';
import { formNameProblems } from '../../core/engine/form-check';
import { useFormCatalog } from '../renderer/form-catalog';
import { useNamedSchemas } from '../renderer/form/validators-context';

/**
 * A screen's options that embed forms (`options.form`, `options.<name>Form`): read by the screen's own reader,
 * then each form's names checked as a form page's are. The options, or the problems to show (as npm run check:config reports them).
 */
export function useEmbeddedFormOptions<T extends { form: FormSpec }>(
  options: Record<string, unknown> | undefined,
  route: string,
  read: (options: Record<string, unknown> | undefined, where: string) => T,
): T | string[] {
  const named = useMemo(() => embeddedForms(options).flatMap(({ form }) => (typeof form.schema === 'string' ? [form.schema] : [])), [options]);
  const schemas = useNamedSchemas(named);
  const catalog = useFormCatalog(schemas ?? null);
  return useMemo(() => {
    try {
      const found = read(options, `page ${route}`);
      // Checked once the forms' schemas have loaded; until then each form shows its own spinner.
      if (!catalog) return found;
      const problems = embeddedForms(options).flatMap(({ key, form }) => formNameProblems(form as FormSpec, catalog, `/options/${key}`));
      return problems.length > 0 ? problems : found;
    } catch (error) {
      return [error instanceof Error ? error.message : String(error)];
    }
  }, [options, route, read, catalog]);
}
