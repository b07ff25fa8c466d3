import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { prefetchProfile } from '../api/profile';
import { Loading } from '../components/PageState';
import { i18next } from '../i18n';
import { RequireRole } from './RequireRole';
import { RouteError } from './RouteError';
import { storedUserId } from './session';

/**
 * A lazily loaded section: its code is fetched the first time it is opened, and its texts (the catalogs of the
 * namespaces it shows) beside it rather than after it, when it first renders.
 */
const lazyPage = (load: () => Promise<ComponentType>, namespaces: string[]): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [Component] = await Promise.all([load(), i18next.loadNamespaces(namespaces)]);
    return { Component };
  },
});

const redirect = (to: string): RouteObject['element'] => <Navigate to={to} replace />;

/** The route table of spec section 2; the signed-in frame starts loading the user beside its code. */
export const portalRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: '/',
    ...lazyPage(() => import('../features/login/LoginPage').then((m) => m.LoginPage), ['login', 'content']),
    // Nothing until the sign-in page's code is in, said outright so React Router does not warn in the console when
    // the first render comes first. A spinner there would show only for that moment, and an earlier first paint
    // makes Lighthouse count the entry's evaluation as blocking time (docs/performance.md, "The web app").
    hydrateFallbackElement: <></>,
  },
  {
    ...lazyPage(() => import('./frame').then((m) => m.AppLayout), ['content']),
    loader: () => {
      if (storedUserId() !== null) prefetchProfile(queryClient);
      return null;
    },
    hydrateFallbackElement: <Loading />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/home',
        ...lazyPage(() => import('./frame').then((m) => m.HomePage), ['home', 'content']),
      },
      { path: '/goals', ...lazyPage(() => import('../features/goals/GoalsPage').then((m) => m.GoalsPage), ['goals']) },
      { path: '/how-to-goals', element: redirect('/how-to-goals/1/1') },
      { path: '/how-to-goals/:section', element: redirect('/how-to-goals/1/1') },
      {
        path: '/how-to-goals/:section/:subSection',
        ...lazyPage(() => import('../features/howto/HowToPage').then((m) => m.HowToPage), ['howto']),
      },
      { path: '/courses', element: redirect('/courses/1') },
      {
        path: '/courses/:section',
        ...lazyPage(() => import('../features/courses/CoursesPage').then((m) => m.CoursesPage), ['courses']),
      },
      { path: '/resources', element: redirect('/resources/1/1') },
      { path: '/resources/:section', element: redirect('/resources/1/1') },
      {
        path: '/resources/:section/:subSection',
        ...lazyPage(() => import('../features/resources/ResourcesPage').then((m) => m.ResourcesPage), ['content']),
      },
      { path: '/cma', element: redirect('/cma/1') },
      {
        path: '/cma/:section',
        ...lazyPage(() => import('../features/cma/CmaPage').then((m) => m.CmaPage), ['content']),
      },
      { path: '/instructions', element: redirect('/instructions/1') },
      {
        path: '/instructions/:section',
        ...lazyPage(
          () => import('../features/instructions/InstructionsPage').then((m) => m.InstructionsPage),
          ['content'],
        ),
      },
      {
        element: <RequireRole allow="office-filter" />,
        children: [
          { path: '/filter/dep', element: redirect('/filter/dep/1') },
          {
            path: '/filter/dep/:section',
            ...lazyPage(
              () => import('../features/filters/OfficeFilterPage').then((m) => m.OfficeFilterPage),
              ['admin'],
            ),
          },
        ],
      },
      {
        element: <RequireRole allow="store-filter" />,
        children: [
          { path: '/filter/user', element: redirect('/filter/user/1') },
          {
            path: '/filter/user/:section',
            ...lazyPage(() => import('../features/filters/StoreFilterPage').then((m) => m.StoreFilterPage), ['admin']),
          },
        ],
      },
      {
        element: <RequireRole allow="manager" />,
        children: [
          { path: '/manager', element: redirect('/manager/1') },
          {
            path: '/manager/:section',
            ...lazyPage(() => import('../features/manager/ManagerPage').then((m) => m.ManagerPage), ['manager']),
          },
        ],
      },
    ],
  },
  { path: '*', element: redirect('/') },
];
