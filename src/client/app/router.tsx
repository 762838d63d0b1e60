/** Routes, lazy-loaded per page so the first load carries only what it shows, and their guards. */
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { clientConfig } from '../config';
import { RequireAnonymous, RequireUser, RequireUserOrShowExpiry } from '../session/guards';
import NotFoundPage from '../ui/NotFoundPage';
import { RouteErrorPage } from '../ui/RouteErrorPage';
import { Layout } from './layout/Layout';
import { PageFallback } from './layout/PageFallback';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** The dev-only visual gallery (`npm run dev`); production builds have no such route. */
const devRoutes = (devTools: boolean): RouteObject[] =>
  devTools ? [{ path: 'dev', lazy: page(() => import('../dev/GalleryPage')) }] : [];

export function createRoutes({
  devTools = clientConfig.devTools,
}: { devTools?: boolean } = {}): RouteObject[] {
  return [
    {
      path: '/',
      Component: Layout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: PageFallback,
      children: [
        {
          // Errors in a page render inside the layout, so the navbar stays usable.
          ErrorBoundary: RouteErrorPage,
          children: [
            {
              // The Redux store, only where pages read server data through it.
              lazy: page(() => import('./StoreScope')),
              children: [
                {
                  Component: RequireUser,
                  children: [
                    { index: true, lazy: page(() => import('../home/HomePage')) },
                    { path: 'profile', lazy: page(() => import('../session/ProfilePage')) },
                  ],
                },
                {
                  // The list shows its own error page when its load fails, session ended or not.
                  Component: RequireUserOrShowExpiry,
                  children: [{ path: 'todos', lazy: page(() => import('../todos/TodosPage')) }],
                },
              ],
            },
            {
              Component: RequireAnonymous,
              children: [{ path: 'login', lazy: page(() => import('../session/LoginPage')) }],
            },
            { path: 'register', lazy: page(() => import('../session/RegisterPage')) },
            ...devRoutes(devTools),
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}

export const routes: RouteObject[] = createRoutes();

export const createAppRouter = () => createBrowserRouter(routes);
