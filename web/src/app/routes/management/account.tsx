import { AccountPage } from '@/features/staff/components/account-page';
import { StaffOnly } from '@/features/staff/components/staff-only';

export function Component() {
  return (
    <StaffOnly>
      <AccountPage />
    </StaffOnly>
  );
}
