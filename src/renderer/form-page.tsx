import { Button } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSubmitEffect } from '../effects/use-submit-effect';
import type { FormPageConfig } from '../../core/engine/config-types';
import { formNameProblems } from '../../core/engine/form-check';
import { formLayout, isPaged } from '../../core/engine/form-layout';
import { useConfig } from '../config/config-context';
import { settingsOf } from '../../core/engine/settings';
import { format, text } from '../text/format';
import { ScreenHeader } from '../ui/screen-header';
import { useToast } from '../ui/toast';
import { ConfigAlert } from './config-alert';
import { useFormCatalog } from './form-catalog';
import { withoutHeading } from './form/copy';
import { SchemaForm, type StepUiSchema } from './form/schema-form';
import { answersAny, useFormSeed } from './form/use-form-seed';
import { useNamedSchemas } from './form/validators-context';
import { PagedFormPage } from './paged-form-page';
/** The dialog (antd's Modal or Drawer) loads when a skip's declaration opens, not with every form page. */
const SkipDeclarationDialog = lazy(() => import('./skip-declaration').then((m) => ({ default: m.SkipDeclarationDialog })));
import './form-page.css';
import { BusyOverlay } from '../ui/busy-overlay';

export interface FormPageProps {
  route: string;
  page: FormPageConfig;
}

/**
 * A route whose config is a schema form: the step-data schema, uiSchema and copy from flow-config, and the
 * named effect run on submit with the form-slice rules (loading overlay, toasts, navigation, data kept on error).
 * Names that do not resolve are shown as an alert naming the route, as npm run check:config would report them.
 */
export function FormPage({ route, page }: FormPageProps) {
  // Checked once the form's schema has loaded; until then the form shows its own spinner.
  const schemas = useNamedSchemas([page.form.schema]);
  const catalog = useFormCatalog(schemas ?? null);
  const problems = useMemo(() => (catalog ? formNameProblems(page.form, catalog) : []), [page.form, catalog]);
  if (problems.length > 0) return <ConfigAlert route={route} problems={problems} />;
  const layout = formLayout(page.form.uiSchema);
  const fields = Object.keys((schemas?.[page.form.schema] as { properties?: object } | undefined)?.properties ?? {});
  if (isPaged(layout)) return <PagedFormPage route={route} page={page} layout={layout} fields={fields} />;
  return <RunnableFormPage route={route} page={page} fields={fields} />;
}

function RunnableFormPage({ route, page: { form, copy }, fields }: FormPageProps & { fields: readonly string[] }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { run, loading, progress } = useSubmitEffect({ effect: form.effect, where: `page ${route}`, route, copy, next: form.next, confirm: form.confirmRoute });
  const skip = useSubmitEffect({
    effect: form.skip?.effect ?? '',
    where: `page ${route} (skip)`,
    route,
    copy: { ...(copy.skipped ? { success: copy.skipped } : {}), ...(copy.failure ? { failure: copy.failure } : {}) },
    next: form.skip?.next,
    tone: 'warning',
  });
  const busy = loading || skip.loading;
  const { flow } = useConfig();
  // A skip that is a declaration (the nominee opt-out) opens it first; the skip runs once it is made.
  const [declaring, setDeclaring] = useState(false);
  const declaration = form.skip?.declaration;
  // What the applicant already gave; fields the schema lacks are dropped.
  const seed = useFormSeed((user) => answersAny(user, fields));
  // The heading is the page's (h1, like every screen); the form gets the field, consent and button copy.
  const formCopy = useMemo(() => withoutHeading(copy), [copy]);
  const back = form.back;

  return (
    <BusyOverlay busy={busy} caption={progress !== undefined && copy.uploading ? text(copy, 'uploading', { percent: progress }) : copy.loading}>
      <div className="screen onboard-form-page" {...seed.begin}>
        {back ? (
          <Button type="link" className="onboard-back" disabled={busy} onClick={() => void navigate(back)}>
            {text(copy, 'back')}
          </Button>
        ) : null}
        <ScreenHeader title={text(copy, 'title')} subtitle={copy.subtitle ? format(copy.subtitle, settingsOf(flow)) : undefined} />
        <SchemaForm
          key={seed.key}
          schemaId={form.schema}
          uiSchema={form.uiSchema as StepUiSchema | undefined}
          copy={formCopy}
          formData={seed.initial}
          disabled={busy}
          onSubmit={(data) => void run(data)}
          // A failed submit says so in a toast too when the page has the copy ('Invalid Details').
          onInvalid={copy.invalid ? () => toast.error(text(copy, 'invalid'), copy.invalidDetail) : undefined}
          actions={
            form.skip ? (
              <Button size="large" disabled={busy} onClick={() => (declaration ? setDeclaring(true) : void skip.run({}))}>
                {text(copy, 'skip')}
              </Button>
            ) : undefined
          }
        />
        {declaration && declaring ? (
          <Suspense fallback={null}>
            <SkipDeclarationDialog
              declaration={declaration}
              busy={skip.loading}
              onCancel={() => setDeclaring(false)}
              // A failed opt-out closes the dialog; one verified by OTP stays open, its codes there to correct.
              onConfirm={(codes) => void skip.run(codes ? { ...codes } : {}).then((done) => done || codes !== undefined || setDeclaring(false))}
            />
          </Suspense>
        ) : null}
      </div>
    </BusyOverlay>
  );
}
