import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { BootScreen } from '@/shared/ui/boot-screen';

/**
 * The route table holds paths only: every route's module (its Component, ErrorBoundary and loader)
 * is loaded on demand, so each page ships in its own chunk. The boot screen is the one static piece:
 * it must show before any route module has arrived.
 */
export const router = createBrowserRouter([
  {
    path: '/',
    HydrateFallback: BootScreen,
    lazy: () => import('./routes/root'),
    children: [
      { index: true, lazy: () => import('./routes/home') },
      { path: 'status', lazy: () => import('./routes/status') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
