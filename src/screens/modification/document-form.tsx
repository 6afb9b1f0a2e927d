import { useMemo, useState } from 'react';
import type { FormSpec } from '../../../core/engine/config-types';
import { useSubmitEffect } from '../../effects/use-submit-effect';
import { SchemaForm, type StepUiSchema } from '../../renderer/form/schema-form';
import { text } from '../../text/format';

export interface DocumentFormProps {
  /** A rejected document step, e.g. pan_image_upload: the form sends it as `step`. */
  step: string;
  route: string;
  /** The page's `documentForm` (schema, uiSchema, effect, next). */
  form: FormSpec;
  copy: Record<string, string>;
  /** The file field's uiSchema when the document is asked as on its own page (the signature: drawn or uploaded). */
  fieldUi?: Record<string, unknown> | undefined;
}

/**
 * One rejected document, re-uploaded through the page's document form from config, in a card: the file's label is
 * the step's ('upload.<step>'), the button 'Upload'. A failed upload starts the form over, so the file is cleared
 * and the document stays flagged (spec section 5); a saved one leaves the list.
 */
export function DocumentForm({ step, route, form, copy, fieldUi }: DocumentFormProps) {
  const [attempt, setAttempt] = useState(0);
  const { run, loading } = useSubmitEffect({
    effect: form.effect,
    // Its own form status: one document uploading leaves the other forms of the page as they are.
    where: `page ${route} (${step})`,
    route,
    copy: { failure: text(copy, 'uploadFailed') },
    next: form.next ?? route,
    onFailure: () => setAttempt((count) => count + 1),
  });
  const formCopy = useMemo(() => ({ ...copy, submit: text(copy, 'upload'), 'data.label': text(copy, `upload.${step}`) }), [copy, step]);
  const uiSchema = useMemo(() => (fieldUi ? { ...form.uiSchema, data: fieldUi } : form.uiSchema), [form.uiSchema, fieldUi]);
  const initial = useMemo(() => ({ step }), [step]);
  return (
    <div className="mod-document">
      <SchemaForm
        key={attempt}
        idPrefix={`reupload-${step}`}
        schemaId={form.schema}
        uiSchema={uiSchema as StepUiSchema | undefined}
        copy={formCopy}
        formData={initial}
        disabled={loading}
        onSubmit={(data) => void run(data)}
      />
    </div>
  );
}
