import { Link } from 'react-router-dom';
import type { PageConfig } from '../../../core/engine/config-types';

/** The routes of a page's options' `policies` (the status page: the MITC and the voluntary freeze policy). */
export function policiesOf(options: Record<string, unknown> | undefined): string[] {
  return Array.isArray(options?.policies) ? options.policies.filter((route): route is string => typeof route === 'string') : [];
}

/** Links to the account's regulatory texts, each worded by its own page's copy `link`. */
export function PolicyLinks({ routes, pages, title }: { routes: readonly string[]; pages: Record<string, PageConfig>; title: string | undefined }) {
  const links = routes.flatMap((route) => {
    const label = pages[route]?.copy.link;
    return label ? [{ route, label }] : [];
  });
  if (links.length === 0) return null;
  return (
    <nav className="policy-links" aria-label={title}>
      {title ? <h2>{title}</h2> : null}
      <ul>
        {links.map(({ route, label }) => (
          <li key={route}>
            <Link to={route}>{label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
