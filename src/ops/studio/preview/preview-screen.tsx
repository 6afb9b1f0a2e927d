import { useEffect, useMemo, useRef } from 'react';
import { isFormPage, mergePages, type ConfigBundle } from '../../../../core/engine/config-types';
import { settingsOf } from '../../../../core/engine/settings';
import { sampleAnswers, withoutAutofocus } from '../../../../core/studio/preview';
import { ApiContext } from '../../../api/api-context';
import type { ApiClient } from '../../../api/client';
import { MarketingPanel } from '../../../app/layout';
import { panelFor } from '../../../app/panel';
import { ConfigProvider } from '../../../config/config-context';
import { formLayout, isPaged } from '../../../../core/engine/form-layout';
import { withoutHeading } from '../../../renderer/form/copy';
import { PagedForm } from '../../../renderer/form/paged-form';
import { PageErrorBoundary } from '../../../renderer/page-error-boundary';
import { SchemaForm, type StepUiSchema } from '../../../renderer/form/schema-form';
import type { StepValidatorSource } from '../../../renderer/form/validators';
import { StepValidatorsProvider, useStepValidator } from '../../../renderer/form/validators-context';
import { format, text } from '../../../text/format';
import { ScreenHeader } from '../../../ui/screen-header';
import { Spinner } from '../../../ui/spinner';
import { t } from '../../ops-texts';

/** The API a preview's widgets get: every call refused before it leaves, so nothing reaches an applicant's API or a vendor. */
const refused = () => Promise.reject(new Error(t('studioPreviewNoCalls')));
const noCalls: ApiClient = { get: refused, post: refused, upload: refused };

export interface PreviewScreenProps {
  bundle: ConfigBundle;
  route: string;
  validators: StepValidatorSource;
  /** Changed to show the form's errors: the form starts over, empty, and is submitted as an applicant would. */
  errorsAsked: number;
  /** The form's answers pass the draft's rules: on to the next page. */
  onNext: () => void;
}

/**
 * One page of a draft as the applicant sees it, drawn by the app's own form engine and widgets: the layout's panel and
 * card, the page's heading and its form with the draft's schema, words and validators, its sample answers filled in.
 * Nothing is sent: a valid submit only moves the preview on.
 */
export function PreviewScreen({ bundle, route, validators, errorsAsked, onNext }: PreviewScreenProps) {
  const page = useMemo(() => mergePages(bundle)[route], [bundle, route]);
  return (
    <ConfigProvider bundle={bundle}>
      <ApiContext value={noCalls}>
        <StepValidatorsProvider source={validators}>
          <div className="onboard-layout">
            <MarketingPanel panel={panelFor(bundle.flow, route)} />
            <main className="onboard-main">
              <section className="onboard-card">
                {/* What a page throws (a widget that needs an applicant's record) is said in the card, as the app says it. */}
                <PageErrorBoundary key={`${route} ${errorsAsked}`} route={route}>
                  {page && isFormPage(page) ? (
                    <PreviewForm bundle={bundle} route={route} schemaId={page.form.schema} uiSchema={page.form.uiSchema as StepUiSchema | undefined} copy={page.copy} empty={errorsAsked > 0} onNext={onNext} />
                  ) : (
                    <div className="screen">
                      <ScreenHeader title={page?.copy.title ?? route} />
                      {/* The console's own words (English), in a frame whose page is in the preview's language. */}
                      <p lang="en">{t('studioPreviewScreen', { screen: page && !isFormPage(page) ? page.screen : route })}</p>
                    </div>
                  )}
                </PageErrorBoundary>
              </section>
            </main>
          </div>
        </StepValidatorsProvider>
      </ApiContext>
    </ConfigProvider>
  );
}

interface PreviewFormProps {
  bundle: ConfigBundle;
  route: string;
  schemaId: string;
  uiSchema: StepUiSchema | undefined;
  copy: Record<string, string>;
  empty: boolean;
  onNext: () => void;
}

function PreviewForm({ bundle, route, schemaId, uiSchema: pageUi, copy, empty, onNext }: PreviewFormProps) {
  const uiSchema = useMemo(() => withoutAutofocus(pageUi), [pageUi]);
  const loaded = useStepValidator(schemaId);
  const formCopy = useMemo(() => withoutHeading(copy), [copy]);
  const answers = useMemo(() => (empty || !loaded ? {} : sampleAnswers(loaded.schema)), [empty, loaded]);
  const layout = useMemo(() => formLayout(uiSchema), [uiSchema]);
  const holder = useRef<HTMLDivElement>(null);
  // Errors asked for: the empty form is submitted as the applicant's Next would (a button kept disabled until the
  // form is valid included), once its schema and widgets have loaded.
  useEffect(() => {
    if (!empty) return;
    let frame = 0;
    const submit = () => {
      const form = holder.current?.querySelector('form');
      if (form) form.requestSubmit();
      else frame = requestAnimationFrame(submit);
    };
    submit();
    return () => cancelAnimationFrame(frame);
  }, [empty]);
  if (!loaded) return <Spinner />;
  if (isPaged(layout)) {
    // A form asked a page at a time (personal details), as the app asks it; its progress is the preview's own.
    return (
      <div className="onboard-form-seed" ref={holder}>
        <PagedForm schemaId={schemaId} uiSchema={uiSchema ?? {}} pages={layout.pages} dialogs={layout.ruleDialogs} copy={copy} initial={answers} storageKey={`onboard.studioPreview.${route}${empty ? '.empty' : ''}`} busy={false} onSubmit={onNext} />
      </div>
    );
  }
  return (
    <div className="screen onboard-form-page" ref={holder}>
      <ScreenHeader title={text(copy, 'title')} subtitle={copy.subtitle ? format(copy.subtitle, settingsOf(bundle.flow)) : undefined} />
      <SchemaForm schemaId={schemaId} uiSchema={uiSchema} copy={formCopy} formData={answers} onSubmit={onNext} />
    </div>
  );
}
