import { createBrowserRouter, RouterProvider } from 'react-router-dom';

/**
 * The route table holds paths only: every route's module (its Component, ErrorBoundary and loader)
 * is loaded on demand, so each page ships in its own chunk.
 */
export const router = createBrowserRouter([
  {
    path: '/',
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
