import { createContext, useContext, type ReactNode } from 'react';
import type { RouteParams } from '@/shared/routes';

// Params come from the route table's own matcher (the one the guard uses), not a second matcher.
const RouteParamsContext = createContext<RouteParams>({});

export function RouteParamsProvider({ params, children }: { params: RouteParams; children: ReactNode }) {
  return <RouteParamsContext.Provider value={params}>{children}</RouteParamsContext.Provider>;
}

export function useRouteParams(): RouteParams {
  return useContext(RouteParamsContext);
}
