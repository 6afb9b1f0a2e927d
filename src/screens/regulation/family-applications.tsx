import { Button, Radio } from 'antd';
import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SignInResponse } from '../../../core/api/types';
import { continueRoute } from '../../../core/engine/flow';
import { messageText } from '../../../core/engine/message-codes';
import { errorText } from '../../api/api-error';
import { useApi } from '../../api/api-context';
import type { ApplicationOnNumber, ApplicationsOnNumber } from '../../../core/api/types';
import { getApplicationsOnNumber, openFamilyApplication, switchApplication } from '../../api/applications';
import { LoadError } from '../../app/load-error';
import { useConfig } from '../../config/config-context';
import { authTokenAtom, userDetailsAtom } from '../../state/account';
import { text } from '../../text/format';
import { FormAlert } from '../../ui/form-alert';
import { ScreenHeader } from '../../ui/screen-header';
import { Spinner } from '../../ui/spinner';
import type { ScreenProps } from '../screen-props';
import '../status.css';
import './regulation.css';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Asia/Kolkata' });

/**
 * /applications (issue 30): every application under the signed-in mobile number, each continued with one button,
 * and a new one for a family member who shares the number (a spouse, dependent child or dependent parent), who
 * declares whose number it is. Signing in with a number that holds several comes here first.
 */
export function FamilyApplications({ copy }: ScreenProps) {
  const api = useApi();
  const navigate = useNavigate();
  const { flow, messages } = useConfig();
  const setAuthToken = useSetAtom(authTokenAtom);
  const [user, setUser] = useAtom(userDetailsAtom);
  const [listed, setListed] = useState<ApplicationsOnNumber>();
  const [loadProblem, setLoadProblem] = useState<string>();
  const [relation, setRelation] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const fallback = messageText(messages, 'errors.fallback');

  const load = useCallback(() => {
    setLoadProblem(undefined);
    getApplicationsOnNumber(api)
      .then(setListed)
      .catch((error: unknown) => setLoadProblem(errorText(error, fallback)));
  }, [api, fallback]);
  useEffect(load, [load]);

  const enter = async (busyKey: string, signIn: () => Promise<SignInResponse>) => {
    setBusy(busyKey);
    setProblem(undefined);
    try {
      const { user, token } = await signIn();
      setAuthToken(token);
      setUser(user);
      await navigate(continueRoute(flow, user.nextStep), { replace: true });
    } catch (error) {
      setProblem(errorText(error, fallback));
      setBusy(undefined);
    }
  };

  const continueWith = (application: ApplicationOnNumber) => {
    if (application.current && user) return void navigate(continueRoute(flow, user.nextStep), { replace: true });
    void enter(application.id, () => switchApplication(api, application.id));
  };

  const openForFamily = (event: FormEvent) => {
    event.preventDefault();
    if (!relation) return setProblem(messageText(messages, 'regulation.unknownMobileRelation'));
    void enter('family', () => openFamilyApplication(api, relation));
  };

  if (loadProblem) return <LoadError message={loadProblem} onRetry={load} />;
  if (!listed) return <Spinner />;
  return (
    <div className="screen family-applications">
      <ScreenHeader title={text(copy, 'title')} subtitle={copy.subtitle} />
      <ul className="family-applications-list" aria-label={text(copy, 'listLabel')}>
        {listed.applications.map((application) => (
          <li key={application.id} className="info-card family-application" aria-current={application.current ? 'true' : undefined}>
            <h2>{application.name ?? text(copy, 'unnamed')}</h2>
            <p>{application.relationLabel ? text(copy, 'declared', { relation: application.relationLabel }) : text(copy, 'yours')}</p>
            <p>{text(copy, 'openedOn', { date: day(application.openedAt) })}</p>
            <p>{application.submitted ? text(copy, 'submitted') : application.nextStepTitle ? text(copy, 'nextStep', { step: application.nextStepTitle }) : null}</p>
            {application.current ? <p className="family-application-current">{text(copy, 'current')}</p> : null}
            <Button type={application.current ? 'primary' : 'default'} loading={busy === application.id} disabled={busy !== undefined} onClick={() => continueWith(application)}>
              {text(copy, 'continue')}
            </Button>
          </li>
        ))}
      </ul>
      <form className="family-applications-new" onSubmit={openForFamily} noValidate aria-labelledby="family-applications-new-title">
        <h2 id="family-applications-new-title">{text(copy, 'familyTitle')}</h2>
        <p>{text(copy, 'familyHint')}</p>
        <fieldset>
          <legend className="field-label">{text(copy, 'relationLabel')}</legend>
          <Radio.Group value={relation} onChange={(event) => setRelation(String(event.target.value))} options={listed.relations.map((item) => ({ value: item.relation, label: item.label }))} />
        </fieldset>
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <Button type="primary" htmlType="submit" size="large" block loading={busy === 'family'} disabled={busy !== undefined && busy !== 'family'}>
          {text(copy, 'familySubmit')}
        </Button>
      </form>
    </div>
  );
}
