import { isKnownPagePath, PAGE_PATHS } from '@nestbox/shared/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createBrowserRouter,
  matchRoutes,
  Outlet,
  type RouteObject,
  RouterProvider,
  useLocation,
} from 'react-router';
import { NotFoundScreen } from '../components/errors/not-found-screen';
import { RouteErrorScreen } from '../components/errors/route-error-screen';
import { PageLoader } from '../components/feedback/page-loader';
import { loadAppTexts } from '../lib/i18n';
import { AuthLayout } from './layout/auth-layout';
import { LogoutRoute } from './routes/logout';

/** Each page's code loads when it is first visited, so the login page does not carry the app. */
const page = {
  login: async () => ({ Component: (await import('./routes/auth/login')).LoginRoute }),
  signup: async () => ({ Component: (await import('./routes/auth/signup')).SignupRoute }),
  forgot: async () => ({ Component: (await import('./routes/auth/forgot')).ForgotRoute }),
  passwordReset: async () => ({
    Component: (await import('./routes/auth/password-reset')).PasswordResetRoute,
  }),
  activateAccount: async () => ({
    Component: (await import('./routes/auth/activate-account')).ActivateAccountRoute,
  }),
  confirmEmail: async () => ({
    Component: (await import('./routes/auth/confirm-email')).ConfirmEmailRoute,
  }),
  resendActivateLink: async () => ({
    Component: (await import('./routes/auth/resend-activate-link')).ResendActivateLinkRoute,
  }),
  linkSignIn: async () => ({ Component: (await import('./routes/auth/link-sign-in')).LinkSignInRoute }),
  // The app's texts load beside its code (the logged-out pages carry none of them).
  appLayout: async () => {
    const [{ AppLayout }] = await Promise.all([import('./layout/app-layout'), loadAppTexts()]);
    return { Component: AppLayout };
  },
  boxes: async () => ({ Component: (await import('./routes/app/boxes')).BoxesRoute }),
  organiser: async () => ({ Component: (await import('./routes/app/organiser')).OrganiserRoute }),
  upcoming: async () => ({ Component: (await import('./routes/app/upcoming')).UpcomingRoute }),
  share: async () => ({ Component: (await import('./routes/app/share')).ShareRoute }),
} satisfies Record<string, RouteObject['lazy']>;

/**
 * The router matches letter case and trailing slashes loosely; pages match exactly
 * (isKnownPagePath, the rule the server's status follows too), so anything else is the 404 page.
 */
function KnownPagesOnly() {
  return isKnownPagePath(useLocation().pathname) ? <Outlet /> : <NotFoundScreen />;
}

/** What shows while the first page's code loads. */
function HydrateFallback() {
  const { t } = useTranslation();
  return <PageLoader label={t('common.loading')} />;
}

/**
 * Every path of SPEC §2 (PAGE_PATHS). Logged-out paths match exactly; `/app/*` sits behind
 * the session guard of AppLayout; anything else is the 404 page. The error element turns a
 * 5xx into the 500 page and any crash into the apology screen.
 */
export const routes: RouteObject[] = [
  {
    element: <KnownPagesOnly />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <HydrateFallback />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: PAGE_PATHS.root, lazy: page.login },
          { path: PAGE_PATHS.login, lazy: page.login },
          { path: PAGE_PATHS.signup, lazy: page.signup },
          { path: PAGE_PATHS.forgot, lazy: page.forgot },
          { path: PAGE_PATHS.passwordReset, lazy: page.passwordReset },
          { path: PAGE_PATHS.activateAccount, lazy: page.activateAccount },
          { path: PAGE_PATHS.confirmEmail, lazy: page.confirmEmail },
          { path: PAGE_PATHS.resendActivateLink, lazy: page.resendActivateLink },
          { path: PAGE_PATHS.linkSignIn, lazy: page.linkSignIn },
        ],
      },
      { path: PAGE_PATHS.logout, element: <LogoutRoute /> },
      {
        path: PAGE_PATHS.app,
        lazy: page.appLayout,
        children: [
          { index: true, lazy: page.boxes },
          { path: PAGE_PATHS.boxes, lazy: page.boxes },
          { path: PAGE_PATHS.organiser, lazy: page.organiser },
          { path: PAGE_PATHS.upcoming, lazy: page.upcoming },
          { path: PAGE_PATHS.share, lazy: page.share },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

/**
 * Starts loading the code of the page at `pathname` (its layout and the page) at once, while
 * the app's own code runs and the language's catalogue loads, instead of when the router
 * first matches it (the data: app/prefetch.ts).
 */
export function preloadPage(pathname: string): void {
  if (!isKnownPagePath(pathname)) return;
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (typeof route.lazy === 'function') void route.lazy();
  }
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
