import { AccountPage } from '@/features/staff/components/account-page';

export function Component() {
  return <AccountPage />;
}
