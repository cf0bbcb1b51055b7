import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError } from './app/api-client.ts';
import { AppRoutes } from './app/app-routes.tsx';
import { AuthProvider } from './app/auth-context.tsx';
import { UnsavedChangesPrompt } from './app/unsaved-changes.tsx';
import './app/i18n/index.ts';
import './app/app.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; network blips and 5xx might.
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// A data router, so that useBlocker can ask before leaving unsaved edits; the app's own routes
// stay declared in AppRoutes under one catch-all route.
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <AuthProvider>
        <AppRoutes />
        <UnsavedChangesPrompt />
      </AuthProvider>
    ),
  },
]);

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
