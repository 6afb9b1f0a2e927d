import { useAtomValue } from 'jotai';
import { useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useConfig } from '../config/config-context';
import { useHeadingFocus } from '../ui/heading-focus';
import { authTokenAtom, userDetailsAtom } from '../state/account';
import { BrandMark } from './brand';
import { panelFor } from './panel';
import type { PanelCopy } from '../../core/engine/flow-types';
import { PageFooter, SessionBar } from './session-bar';
import './layout.css';

/** Split screen: marketing panel on the left (hidden on phones), the step's card on the right; the broker's brand on both. */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { flow } = useConfig();
  const user = useAtomValue(userDetailsAtom);
  const signedIn = useAtomValue(authTokenAtom) !== null;
  const panel = panelFor(flow, pathname, user?.nextStep);
  const card = useRef<HTMLElement>(null);
  useHeadingFocus(card);
  return (
    <div className="onboard-layout">
      <MarketingPanel panel={panel} />
      <main className="onboard-main">
        <section className="onboard-card" ref={card}>
          {signedIn ? null : <BrandMark className="onboard-card-brand" />}
          <SessionBar />
          {children}
        </section>
        <PageFooter />
      </main>
    </div>
  );
}

/** The desktop's left panel: the broker's brand and the page's panel copy (the studio's preview draws it too). */
export function MarketingPanel({ panel }: { panel: PanelCopy }) {
  return (
    <aside className="onboard-panel" data-testid="marketing-panel">
      <div className="onboard-panel-inner">
        <BrandMark className="onboard-panel-brand" />
        <h2 className="onboard-panel-title">{panel.title}</h2>
        <p className="onboard-panel-subtitle">{panel.subtitle}</p>
        <ul className="onboard-panel-features">
          {panel.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
