import { AppLayout } from '@/shared/ui/app-layout';
import { ErrorScreen } from '@/shared/ui/error-screen';

export function Component() {
  return <AppLayout />;
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
