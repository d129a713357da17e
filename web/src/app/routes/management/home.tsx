import { StaffHome } from '@/features/staff/components/staff-home';
import { StaffOnly } from '@/features/staff/components/staff-only';

export function Component() {
  return (
    <StaffOnly>
      <StaffHome />
    </StaffOnly>
  );
}
