import { Navigate, type RouteObject } from 'react-router-dom';
import type { FlowConfig } from '../engine/flow-types';
import { allRoutes } from '../engine/flow';
import { StepPage } from '../renderer/step-page';
import { Shell } from './shell';

/** Every route the flow config knows renders StepPage inside the shell; anything else goes to the root. */
export function buildRoutes(flow: FlowConfig): RouteObject[] {
  return [
    {
      element: <Shell />,
      children: [
        ...allRoutes(flow).map((path) => ({ path, element: <StepPage /> })),
        { path: '*', element: <Navigate to={flow.routes.root} replace /> },
      ],
    },
  ];
}
