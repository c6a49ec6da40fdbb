import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { CrashScreen } from './crash-screen';
import { NotFoundScreen } from './not-found-screen';
import { ServerErrorScreen } from './server-error-screen';

function statusOf(error: unknown): number | undefined {
  if (isApiError(error)) return error.status;
  if (isRouteErrorResponse(error)) return error.status;
  return undefined;
}

/**
 * The router's error element: a 404 answer shows 'Error 404', an API failure with status
 * 500 or more shows 'Error 500', and anything else (a crash) the apology screen.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const status = statusOf(error);

  useEffect(() => {
    console.error('[route] a page failed', error);
  }, [error]);

  if (status === 404) return <NotFoundScreen />;
  if (status !== undefined && status >= 500) return <ServerErrorScreen />;
  return <CrashScreen />;
}
