import { useAtomValue } from 'jotai';
import { useConfig } from '../../config/config-context';
import { userDetailsAtom } from '../../state/account';
import { text } from '../../text/format';
import { ScreenHeader } from '../../ui/screen-header';
import type { ScreenProps } from '../screen-props';
import { ConsentList } from './consent-list';
import { DataActions } from './data-actions';
import '../status.css';
import './privacy.css';

/**
 * /privacy (public, linked on /login): the Privacy Notice from flow-config/privacy.json, itemised by purpose, and the
 * Grievance Officer. Signed in, also the applicant's rights: each consent given or withdrawn, their data to
 * download, and erasure.
 */
export function Privacy({ copy }: ScreenProps) {
  const { bundle } = useConfig();
  const { notice, purposes, grievance } = bundle.privacy;
  const user = useAtomValue(userDetailsAtom);
  return (
    <div className="screen privacy">
      <ScreenHeader title={notice.title} subtitle={notice.summary} />
      <p className="privacy-version">{text(copy, 'version', { version: notice.version })}</p>
      {user ? (
        <>
          <ConsentList copy={copy} />
          <DataActions copy={copy} />
        </>
      ) : (
        <p className="privacy-signed-out">{text(copy, 'signInForRights')}</p>
      )}
      <section aria-labelledby="privacy-purposes">
        <h2 id="privacy-purposes">{text(copy, 'purposesTitle')}</h2>
        <ul className="privacy-purposes">
          {purposes.map((purpose) => (
            <li key={purpose.id} className="info-card privacy-card">
              <h3>
                {purpose.title} <span className="privacy-tag">{text(copy, purpose.required ? 'required' : 'optional')}</span>
              </h3>
              <p>{text(copy, 'dataUsed', { data: purpose.data })}</p>
              <p>{purpose.text}</p>
            </li>
          ))}
        </ul>
      </section>
      {notice.sections.map((section) => (
        <section key={section.heading} className="privacy-section">
          <h2>{section.heading}</h2>
          <p>{section.text}</p>
        </section>
      ))}
      <section aria-labelledby="privacy-grievance" className="info-card privacy-card privacy-grievance">
        <h2 id="privacy-grievance">{grievance.title}</h2>
        <address>
          <p className="privacy-grievance-name">{grievance.name}</p>
          <p>
            <a href={`mailto:${grievance.email}`}>{grievance.email}</a>
          </p>
          <p>
            <a href={`tel:${grievance.phone.replace(/[^+0-9]/g, '')}`}>{grievance.phone}</a>
          </p>
          <p>{grievance.address}</p>
        </address>
        <p>{text(copy, 'responseTime', { days: grievance.responseDays })}</p>
        {grievance.board ? <p>{grievance.board}</p> : null}
      </section>
    </div>
  );
}
