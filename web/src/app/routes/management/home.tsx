import { StaffHome } from '@/features/staff/components/staff-home';

export function Component() {
  return <StaffHome />;
}
