import { Navigate, type RouteObject } from 'react-router-dom';
import type { FlowConfig } from '../../core/engine/flow-types';
import { allRoutes } from '../../core/engine/flow';
import { StepPage } from '../renderer/step-page';
import { OpsRoute, opsConsolePath } from './ops-route';
import { Shell } from './shell';

/**
 * Every route the flow config knows renders StepPage inside the shell; anything else goes to the root. The back
 * office (/ops) is apart: its own lazy chunk, never behind the applicant's shell or session.
 */
export function buildRoutes(flow: FlowConfig): RouteObject[] {
  return [
    { path: `${opsConsolePath}/*`, element: <OpsRoute /> },
    {
      element: <Shell />,
      children: [
        ...allRoutes(flow).map((path) => ({ path, element: <StepPage /> })),
        { path: '*', element: <Navigate to={flow.routes.root} replace /> },
      ],
    },
  ];
}
