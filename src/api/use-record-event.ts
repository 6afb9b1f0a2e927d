import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { useConfig } from '../config/config-context';
import type { ClientEvent } from '../../core/engine/analytics-events';
import { allRoutes, normalisePath } from '../../core/engine/flow';
import { useApi } from './api-context';

/**
 * Records a funnel event on the page it happened (or `route`), when that page is one of the flow's routes: the
 * server takes nothing else. Never throws, never waits.
 */
export function useRecordEvent(): (event: Omit<ClientEvent, 'route'>, route?: string) => void {
  const api = useApi();
  const { pathname } = useLocation();
  const { flow } = useConfig();
  const routes = useMemo(() => new Set(allRoutes(flow)), [flow]);
  return useCallback(
    (event, route) => {
      const where = normalisePath(route ?? pathname);
      if (routes.has(where)) api.record?.({ ...event, route: where });
    },
    [api, pathname, routes],
  );
}
