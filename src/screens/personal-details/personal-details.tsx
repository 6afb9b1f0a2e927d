import { Button } from 'antd';
import { useAtomValue } from 'jotai';
import type { ComponentType } from 'react';
import { effectNames } from '../../effects/effect-names';
import { useSubmitEffect } from '../../effects/use-submit-effect';
import { ConfigAlert } from '../../renderer/config-alert';
import type { StepValidator } from '../../renderer/form/validators';
import { useStepValidators } from '../../renderer/form/validators-context';
import { userDetailsAtom } from '../../state/account';
import { text } from '../../text/format';
import { useToast } from '../../ui/toast';
import { ProgressBar } from '../progress-bar';
import type { ScreenProps } from '../screen-props';
import { ChoiceStepView } from './choice-step';
import { fieldErrors } from './field-errors';
import { NamesStepView } from './names-step';
import { personalDetailsProblems } from './options-check';
import { type PersonalDetailsOptions, type SegmentRule, type StepType, readPersonalDetailsOptions } from './options';
import { clearProgress, progressKey } from './progress-store';
import { type ObjectSchema, buildPayload, stepIndexOfField } from './questions';
import { SegmentsStepView } from './segments-step';
import type { StepViewProps } from './step-view';
import { useWizard } from './use-wizard';
import '../status.css';
import './personal-details.css';

/** The view for each kind of step; which steps exist, and in what order, is config's business. */
const views = {
  choice: ChoiceStepView,
  names: NamesStepView,
  segments: SegmentsStepView,
} as Record<StepType, ComponentType<StepViewProps>>;

const titleId = 'pd-step-title';

/** /personal-details: the questions of flow-config one step at a time, then one validated submit. */
export function PersonalDetails({ route, copy, options }: ScreenProps) {
  const validators = useStepValidators();
  const where = `page ${route}`;
  let config: PersonalDetailsOptions;
  let stepValidator: StepValidator;
  try {
    config = readPersonalDetailsOptions(options, where);
    const problems = personalDetailsProblems(config, validators.schemas as Record<string, ObjectSchema>, effectNames);
    if (problems.length > 0) return <ConfigAlert route={route} problems={problems} />;
    stepValidator = validators.get(config.schema);
  } catch (error) {
    // npm run check:config reports this in CI; say the same here rather than fail the page.
    return <ConfigAlert route={route} problems={[error instanceof Error ? error.message : String(error)]} />;
  }
  return <Questions route={route} copy={copy} where={where} config={config} stepValidator={stepValidator} />;
}

interface QuestionsProps {
  route: string;
  copy: Record<string, string>;
  where: string;
  config: PersonalDetailsOptions;
  stepValidator: StepValidator;
}

function Questions({ route, copy, where, config, stepValidator }: QuestionsProps) {
  const schema = stepValidator.schema as ObjectSchema;
  const user = useAtomValue(userDetailsAtom);
  const toast = useToast();
  const storageKey = progressKey(route, user?.id ?? 'anonymous');
  const wizard = useWizard(config.steps, schema, storageKey);
  const { run, loading } = useSubmitEffect({ effect: config.effect, where, copy, next: config.next });

  const total = config.steps.length;
  const step = config.steps[wizard.step] ?? config.steps[0]!;
  const View = views[step.type];

  const submit = async () => {
    const payload = buildPayload(config.steps, wizard.answers);
    const [field, message] = Object.entries(fieldErrors(stepValidator, payload))[0] ?? [];
    if (field !== undefined && message) {
      // The schema's own words; the applicant is taken to the question that needs an answer.
      toast.error(message);
      const index = stepIndexOfField(config.steps, field);
      if (index >= 0) wizard.goTo(index);
      return;
    }
    if (await run(payload)) clearProgress(storageKey);
  };
  const onNext = () => (wizard.step >= total - 1 ? void submit() : wizard.next());
  const onReselect = (rule: SegmentRule) => wizard.goTo(stepIndexOfField(config.steps, rule.field), wizard.step);

  return (
    <div className="screen pd-screen">
      <div className="pd-top">
        <Button type="link" className="pd-back" onClick={wizard.back} disabled={wizard.step === 0 || loading}>
          {text(copy, 'back')}
        </Button>
        <span className="pd-eyebrow">{text(copy, 'heading')}</span>
        <span className="pd-count">{text(copy, 'progress', { step: wizard.step + 1, total })}</span>
      </div>
      <ProgressBar percent={Math.round(((wizard.step + 1) / total) * 100)} label={text(copy, 'progress', { step: wizard.step + 1, total })} />
      <header className="screen-header">
        <h1 id={titleId}>{step.title}</h1>
        {step.subtitle ? <p>{step.subtitle}</p> : null}
      </header>
      <View
        key={step.id}
        step={step}
        wizard={wizard}
        schema={schema}
        copy={copy}
        viewMoreAfter={config.viewMoreAfter}
        titleId={titleId}
        onNext={onNext}
        busy={loading}
        onReselect={onReselect}
      />
    </div>
  );
}

