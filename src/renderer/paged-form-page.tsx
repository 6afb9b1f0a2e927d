import { useEffect } from 'react';
import { useSubmitEffect } from '../effects/use-submit-effect';
import type { FormLayout, FormPageSpec } from '../../core/engine/form-layout';
import type { FormPageProps } from './form-page';
import { PagedForm } from './form/paged-form';
import { clearProgress, loadProgress, progressKey } from './form/progress-store';
import type { StepUiSchema } from './form/schema-form';
import { answersAny, useFormSeed } from './form/use-form-seed';

const anonymous = 'anonymous';

/**
 * A form page whose uiSchema has several pages (personal details): asked a page at a time, progress kept in
 * localStorage per applicant, the named effect run once at the end with the form-slice rules.
 */
export function PagedFormPage({ route, page: { form, copy }, layout, fields }: FormPageProps & { layout: FormLayout & { pages: FormPageSpec[] }; fields: readonly string[] }) {
  const { run, loading } = useSubmitEffect({ effect: form.effect, where: `page ${route}`, copy, next: form.next });
  // What the applicant already gave, if anything; stored progress wins over it.
  const seed = useFormSeed((user) => answersAny(user, fields) || loadProgress(progressKey(route, user.id)) !== null);
  const storageKey = progressKey(route, seed.owner ?? anonymous);
  // Begun before the applicant loaded: the progress moves to their key, and none stays under no one's.
  useEffect(() => {
    if (seed.owner) clearProgress(progressKey(route, anonymous));
  }, [seed.owner, route]);
  const submit = async (data: Record<string, unknown>) => {
    if (await run(data)) clearProgress(storageKey);
  };
  return (
    <div className="onboard-form-seed" {...seed.begin}>
      <PagedForm
        key={seed.key}
        schemaId={form.schema}
        uiSchema={(form.uiSchema ?? {}) as StepUiSchema}
        pages={layout.pages}
        dialogs={layout.ruleDialogs}
        copy={copy}
        initial={seed.initial}
        storageKey={storageKey}
        busy={loading}
        onSubmit={(data) => void submit(data)}
      />
    </div>
  );
}
