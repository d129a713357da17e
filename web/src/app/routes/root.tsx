import { AccountMenu } from '@/features/auth/components/account-menu';
import { ScreenLeaseGuard } from '@/features/screen-lease/components/screen-lease-guard';
import { VersionCheck } from '@/features/version-check/components/version-check';
import { NoticeStack } from '@/shared/notices/notice-stack';
import { AppLayout } from '@/shared/ui/app-layout';
import { ErrorScreen } from '@/shared/ui/error-screen';

export function Component() {
  return (
    <>
      <AppLayout account={<AccountMenu />} />
      <ScreenLeaseGuard />
      <VersionCheck />
      <NoticeStack />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
