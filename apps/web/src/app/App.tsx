import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiCallError } from '../api/client';
import { Loading } from '../components/PageState';
import '../i18n';
import { BannerProvider } from './banner';
import { portalRoutes } from './routes';
import { forgetUser } from './session';

/** A call answered `not active` means the session is gone: back to sign-in (spec section 8). */
function onCallError(error: unknown): void {
  if (error instanceof ApiCallError && error.code === 'not active') {
    forgetUser();
    if (window.location.pathname !== '/') void router.navigate('/', { replace: true });
  }
}

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onCallError }),
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 2 && error instanceof ApiCallError && error.code === 'network',
      refetchOnWindowFocus: false,
    },
    mutations: { onError: onCallError },
  },
});

const router = createBrowserRouter(portalRoutes(queryClient));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<Loading />}>
        <BannerProvider>
          <RouterProvider router={router} />
        </BannerProvider>
      </Suspense>
    </QueryClientProvider>
  );
}
