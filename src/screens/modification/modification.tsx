import { Button } from 'antd';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { useConfig, type LoadedConfig } from '../../config/config-context';
import { effectNames } from '../../effects/effect-names';
import { useSubmitEffect } from '../../effects/use-submit-effect';
import type { StepValidator, StepValidatorSource } from '../../renderer/form/validators';
import { useStepValidators } from '../../renderer/form/validators-context';
import { userDetailsAtom } from '../../state/account';
import { continueRouteAtom } from '../../state/derived';
import { text } from '../../text/format';
import { ScreenHeader } from '../../ui/screen-header';
import { Spinner } from '../../ui/spinner';
import { ConfigAlert } from '../../renderer/config-alert';
import { readPersonalDetailsOptions } from '../personal-details/options';
import { pageOptions } from '../personal-details/page-options';
import type { ObjectSchema } from '../personal-details/questions';
import { RejectedSteps } from '../rejected-steps';
import type { ScreenProps } from '../screen-props';
import { type DetailField, detailFields, initialValues } from './detail-fields';
import { DetailsForm } from './details-form';
import { type ModificationOptions, readModificationOptions } from './options';
import { modificationProblems } from './options-check';
import '../personal-details/personal-details.css';
import '../status.css';
import './modification.css';

interface Setup {
  options: ModificationOptions;
  fields: DetailField[];
  stepValidator: StepValidator;
  /** The page copy plus the 'rejected.<step>' labels of `rejectedLabelsFrom`. */
  copy: Record<string, string>;
}

/** Everything the screen reads from config, or the problems with it. */
function setup(
  { pages }: LoadedConfig,
  validators: StepValidatorSource,
  route: string,
  copy: Record<string, string>,
  given?: Record<string, unknown>,
): Setup | string[] {
  const where = `page ${route}`;
  const options = readModificationOptions(given, where);
  const problems = modificationProblems(options, pages, validators.schemas as Record<string, ObjectSchema>, effectNames);
  if (problems.length > 0) return problems;
  const questions = readPersonalDetailsOptions(pageOptions(pages[options.questionsFrom]), `page ${options.questionsFrom} (questionsFrom of ${where})`);
  const stepValidator = validators.get(options.schema);
  const questionsSchema = validators.get(questions.schema).schema as ObjectSchema;
  const fields = detailFields(questions.steps, questionsSchema, stepValidator.schema as ObjectSchema);
  const labels = options.rejectedLabelsFrom ? (pages[options.rejectedLabelsFrom]?.copy ?? {}) : {};
  const rejectedLabels = Object.fromEntries(Object.entries(labels).filter(([key]) => key.startsWith('rejected.')));
  return { options, fields, stepValidator, copy: { ...rejectedLabels, ...copy } };
}

/** /modification: re-enter rejected personal details; other rejected steps are listed until their screens land. */
export function Modification({ route, copy, options }: ScreenProps) {
  const config = useConfig();
  const validators = useStepValidators();
  let found: Setup | string[];
  try {
    found = setup(config, validators, route, copy, options);
  } catch (error) {
    found = [error instanceof Error ? error.message : String(error)];
  }
  return Array.isArray(found) ? <ConfigAlert route={route} problems={found} /> : <ModificationView route={route} {...found} />;
}

function ModificationView({ route, options, fields, stepValidator, copy }: Setup & { route: string }) {
  const user = useAtomValue(userDetailsAtom);
  const target = useAtomValue(continueRouteAtom);
  const navigate = useNavigate();
  const { flow } = useConfig();
  const { run, loading } = useSubmitEffect({ effect: options.effect, where: `page ${route}`, copy, next: options.next });
  if (!user) return <Spinner />;

  const rejected = Object.keys(user.rejectedSteps);
  const others = rejected.filter((step) => step !== options.detailsStep);
  const fixDetails = rejected.includes(options.detailsStep);

  return (
    <div className="screen modification">
      <ScreenHeader title={text(copy, 'title')} subtitle={text(copy, rejected.length ? 'subtitle' : 'doneSubtitle')} />
      {others.length > 0 ? (
        <div className="mod-banner" role="status">
          <strong>{text(copy, 'banner')}</strong>
          <span>{text(copy, 'bannerText', { count: others.length })}</span>
        </div>
      ) : null}
      {fixDetails ? (
        <section className="mod-section" aria-labelledby="mod-details-title">
          <h2 id="mod-details-title" className="mod-section-title">
            {text(copy, 'detailsTitle')}
          </h2>
          <p className="mod-section-note">{copy[`rejected.${options.detailsStep}`] ?? text(copy, 'detailsSubtitle')}</p>
          <DetailsForm
            fields={fields}
            initial={initialValues(fields, user)}
            stepValidator={stepValidator}
            copy={copy}
            busy={loading}
            onSubmit={(payload) => void run(payload)}
          />
        </section>
      ) : rejected.length > 0 ? (
        <>
          <RejectedSteps copy={copy} user={user} />
          <p className="notice">{text(copy, 'documentsNote')}</p>
        </>
      ) : (
        // Still sent here with nothing rejected: /refresh asks the server where the applicant stands now.
        <Button type="primary" size="large" block onClick={() => void navigate(target === route ? flow.routes.refresh : target)}>
          {text(copy, 'continue')}
        </Button>
      )}
    </div>
  );
}
