import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Loading } from '../components/PageState';
import { RequireRole } from './RequireRole';
import { RouteError } from './RouteError';

/** A lazily loaded section: its code is fetched the first time it is opened. */
const lazyPage = (load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: await load() }),
});

const redirect = (to: string): RouteObject['element'] => <Navigate to={to} replace />;

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  { path: '/', ...lazyPage(() => import('../features/login/LoginPage').then((m) => m.LoginPage)) },
  {
    ...lazyPage(() => import('./AppLayout').then((m) => m.AppLayout)),
    hydrateFallbackElement: <Loading />,
    errorElement: <RouteError />,
    children: [
      { path: '/home', ...lazyPage(() => import('../features/home/HomePage').then((m) => m.HomePage)) },
      { path: '/goals', ...lazyPage(() => import('../features/goals/GoalsPage').then((m) => m.GoalsPage)) },
      { path: '/how-to-goals', element: redirect('/how-to-goals/1/1') },
      { path: '/how-to-goals/:section', element: redirect('/how-to-goals/1/1') },
      {
        path: '/how-to-goals/:section/:subSection',
        ...lazyPage(() => import('../features/howto/HowToPage').then((m) => m.HowToPage)),
      },
      { path: '/courses', element: redirect('/courses/1') },
      {
        path: '/courses/:section',
        ...lazyPage(() => import('../features/courses/CoursesPage').then((m) => m.CoursesPage)),
      },
      { path: '/resources', element: redirect('/resources/1/1') },
      { path: '/resources/:section', element: redirect('/resources/1/1') },
      {
        path: '/resources/:section/:subSection',
        ...lazyPage(() => import('../features/resources/ResourcesPage').then((m) => m.ResourcesPage)),
      },
      { path: '/cma', element: redirect('/cma/1') },
      { path: '/cma/:section', ...lazyPage(() => import('../features/cma/CmaPage').then((m) => m.CmaPage)) },
      { path: '/instructions', element: redirect('/instructions/1') },
      {
        path: '/instructions/:section',
        ...lazyPage(() => import('../features/instructions/InstructionsPage').then((m) => m.InstructionsPage)),
      },
      {
        element: <RequireRole allow="office-filter" />,
        children: [
          { path: '/filter/dep', element: redirect('/filter/dep/1') },
          {
            path: '/filter/dep/:section',
            ...lazyPage(() => import('../features/filters/OfficeFilterPage').then((m) => m.OfficeFilterPage)),
          },
        ],
      },
      {
        element: <RequireRole allow="store-filter" />,
        children: [
          { path: '/filter/user', element: redirect('/filter/user/1') },
          {
            path: '/filter/user/:section',
            ...lazyPage(() => import('../features/filters/StoreFilterPage').then((m) => m.StoreFilterPage)),
          },
        ],
      },
      {
        element: <RequireRole allow="manager" />,
        children: [
          { path: '/manager', element: redirect('/manager/1') },
          {
            path: '/manager/:section',
            ...lazyPage(() => import('../features/manager/ManagerPage').then((m) => m.ManagerPage)),
          },
        ],
      },
    ],
  },
  { path: '*', element: redirect('/') },
];

export const router = createBrowserRouter(routes);
