/**
 * Routes, each page a lazy chunk so the first load carries only what it shows, and their guards.
 * React Router's declarative mode (`useRoutes` under a `BrowserRouter`, see App.tsx): the app uses
 * no loaders or actions, and the data router's code (createBrowserRouter, RouterProvider) was half
 * of the router's weight in the first load. Pages load through React.lazy; the frame shows a
 * spinner (Suspense) while a page's chunk loads and the error page when a page fails
 * (RouteErrorBoundary), keeping the navbar. The login page's frame is in the first load; every
 * other page's frame is a route-level chunk too: StoreFrame (the signed-in navbar and the
 * navigation drawer, inside the Redux store's scope) for the pages that read server data, and
 * SessionFrame (the navbar only) for registration and the not-found page.
 */
import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { PAGE_PATHS } from '../../shared/routes';
import { clientConfig } from '../config';
import { hasDueDates } from '../lib/features';
import { RequireAnonymous, RequireUser, RequireUserOrShowExpiry } from '../session/guards';
import NotFoundPage from '../ui/NotFoundPage';
import { Layout } from './layout/Layout';
import { loadSessionFrame, loadStoreFrame, loadStoreScope } from './layout/loadSessionFrame';
import { PageSuspense } from './layout/PageSuspense';
import { SignedOutFrame } from './layout/SignedOutFrame';
import { loadLoginPage } from './loadLoginPage';

const SessionFrame = lazy(loadSessionFrame);
// The store's scope and its frame load side by side: the frame's drawer reads the store.
const StoreScope = lazy(() => {
  void loadStoreFrame();
  return loadStoreScope();
});
const StoreFrame = lazy(loadStoreFrame);
const HomePage = lazy(() => import('../home/HomePage'));
const ProfilePage = lazy(() => import('../account/ProfilePage'));
const TodosPage = lazy(() => import('../todos/TodosPage'));
const InboxPage = lazy(() => import('../todos/InboxPage'));
const ProjectTodosPage = lazy(() => import('../todos/ProjectTodosPage'));
const TrashPage = lazy(() => import('../trash/TrashPage'));
const TodayPage = lazy(() => import('../today/TodayPage'));
const LoginPage = lazy(loadLoginPage);
const RegisterPage = lazy(() => import('../session/RegisterPage'));
const GalleryPage = lazy(() => import('./dev/GalleryPage'));
const ForgotPasswordPage = lazy(() => import('../account/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../account/ResetPasswordPage'));
const ReminderActionPage = lazy(() => import('../notifications/ReminderActionPage'));

/** The dev-only visual gallery (`npm run dev`); production builds have no such route. */
const devRoutes = (devTools: boolean): RouteObject[] =>
  devTools ? [{ path: 'dev', Component: GalleryPage }] : [];

export function createRoutes({
  devTools = clientConfig.devTools,
}: { devTools?: boolean } = {}): RouteObject[] {
  return [
    {
      path: PAGE_PATHS.home,
      Component: Layout,
      children: [
        {
          Component: RequireAnonymous,
          children: [
            {
              Component: SignedOutFrame,
              children: [{ path: PAGE_PATHS.login, Component: LoginPage }],
            },
          ],
        },
        {
          // The Redux store, only where pages read server data through it, and their frame,
          // which shows the navigation drawer (the projects) to a signed-in user.
          Component: StoreScope,
          children: [
            {
              Component: StoreFrame,
              children: [
                {
                  Component: RequireUser,
                  children: [
                    { index: true, Component: HomePage },
                    { path: PAGE_PATHS.profile, Component: ProfilePage },
                    { path: PAGE_PATHS.trash, Component: TrashPage },
                    // Due dates exist on Ticklist's own server only: elsewhere /today is no page.
                    ...(hasDueDates() ? [{ path: PAGE_PATHS.today, Component: TodayPage }] : []),
                  ],
                },
                {
                  // The lists show their own error page when their load fails, session ended or not.
                  Component: RequireUserOrShowExpiry,
                  children: [
                    {
                      Component: PageSuspense,
                      children: [
                        { path: PAGE_PATHS.todos, Component: TodosPage },
                        { path: PAGE_PATHS.inbox, Component: InboxPage },
                        { path: PAGE_PATHS.project, Component: ProjectTodosPage },
                      ],
                    },
                  ],
                },
                // Open to anybody: a reset link works whoever is signed in on this device.
                { path: PAGE_PATHS.forgotPassword, Component: ForgotPasswordPage },
                { path: PAGE_PATHS.resetPassword, Component: ResetPasswordPage },
                { path: PAGE_PATHS.reminderAction, Component: ReminderActionPage },
              ],
            },
          ],
        },
        {
          Component: SessionFrame,
          children: [
            { path: PAGE_PATHS.register, Component: RegisterPage },
            ...devRoutes(devTools),
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}

const routes: RouteObject[] = createRoutes();

/** The page for the current location (inside a router). */
export function AppRoutes({ routes: shown = routes }: { routes?: RouteObject[] }) {
  return useRoutes(shown);
}
