import { useMemo } from 'react';
import type { FormSpec } from '../../core/engine/config-types';
import { formNameProblems } from '../../core/engine/form-check';
import { ConfigAlert } from '../renderer/config-alert';
import { useFormCatalog } from '../renderer/form-catalog';
import { SchemaForm, type SchemaFormProps } from '../renderer/form/schema-form';
import { useNamedSchemas } from '../renderer/form/validators-context';

export interface CheckedSchemaFormProps extends Omit<SchemaFormProps, 'schemaId' | 'uiSchema'> {
  /** The form a screen embeds (`options.form`): its names are checked as a form page's are. */
  form: FormSpec;
  route: string;
}

/** A screen's embedded form once it is shown: the names it uses checked (the alert npm run check:config would give), then the form. */
export function CheckedSchemaForm({ form, route, ...props }: CheckedSchemaFormProps) {
  const schemas = useNamedSchemas([form.schema]);
  const catalog = useFormCatalog(schemas ?? null);
  const problems = useMemo(() => (catalog ? formNameProblems(form, catalog, '/options/form') : []), [form, catalog]);
  if (problems.length > 0) return <ConfigAlert route={route} problems={problems} />;
  return <SchemaForm {...props} schemaId={form.schema} uiSchema={form.uiSchema as SchemaFormProps['uiSchema']} />;
}
