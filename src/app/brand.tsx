import type { Membership } from '../../core/engine/config-types';
import { useConfig } from '../config/config-context';
import { format } from '../text/format';

/** The logos in flow-config/brand/, by the name messages.json `brand.logo` gives ('brand/logo.svg'), as built URLs. */
const logos = import.meta.glob<string>('@flow-config/brand/*.{svg,png}', { eager: true, query: '?url', import: 'default' });
const logoUrl = (name: string) => Object.entries(logos).find(([path]) => path.endsWith(`/${name}`))?.[1];

/**
 * The broker's logo and legal name (messages.json `brand`): on the desktop panel, and at the top of the card on a
 * phone before sign-in, where the panel is hidden. The name is the broker's as registered, in Latin letters in
 * every language; the logo beside it says nothing more, so it is no image to a screen reader.
 */
export function BrandMark({ className }: { className: string }) {
  const { brand } = useConfig().messages;
  const logo = logoUrl(brand.logo);
  return (
    <div className={`onboard-brand ${className}`}>
      {logo ? <img className="onboard-brand-logo" src={logo} alt="" width={40} height={40} /> : null}
      <span className="onboard-brand-name" lang="en" translate="no">
        {brand.name}
      </span>
    </div>
  );
}

/** Under the footer's links: who the broker is to the regulator, its SEBI registration and its exchange and depository ids. */
export function BrandRegistration() {
  const { brand, shell } = useConfig().messages;
  const parts: [string, Membership][] = [
    [shell.sebiRegistration, { body: 'SEBI', id: brand.sebiRegistration }],
    ...brand.exchangeMembers.map((member): [string, Membership] => [shell.exchangeMember, member]),
    ...brand.depositoryParticipants.map((participant): [string, Membership] => [shell.depositoryParticipant, participant]),
  ];
  return (
    <p className="onboard-legal">
      <span lang="en" translate="no">
        {brand.name}
      </span>
      {parts.map(([template, { body, id }]) => {
        // The id as registered, in Latin letters in every language ('IN-DP-431-2019'): marked so, and never translated.
        const [before = '', after = ''] = format(template, { body }).split('{id}');
        return (
          <span key={`${body} ${id}`}>
            {before}
            <span lang="en" translate="no">
              {id}
            </span>
            {after}
          </span>
        );
      })}
    </p>
  );
}
