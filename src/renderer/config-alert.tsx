export interface ConfigAlertProps {
  route: string;
  problems: readonly string[];
  /** The first line; by default it blames the page's config. */
  lead?: string;
}

/** What a route shows when it cannot be used: the route and each problem, never a blank card. */
export function ConfigAlert({ route, problems, lead }: ConfigAlertProps) {
  return (
    <div role="alert" className="onboard-config-error">
      <p>{lead ?? `This page cannot be shown: page ${route} in flow-config/pages has a problem.`}</p>
      <ul>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}
