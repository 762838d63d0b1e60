/** Routes, lazy-loaded per page so the first load carries only what it shows. */
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { RouteErrorPage } from '../ui/RouteErrorPage';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, lazy: page(() => import('../home/HomePage')) },
      { path: 'todos', lazy: page(() => import('../todos/TodosPage')) },
      { path: 'profile', lazy: page(() => import('../session/ProfilePage')) },
      { path: 'login', lazy: page(() => import('../session/LoginPage')) },
      { path: 'register', lazy: page(() => import('../session/RegisterPage')) },
      { path: '*', lazy: page(() => import('../ui/NotFoundPage')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
