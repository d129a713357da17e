import { LicensesManagePage } from '@/features/licences/components/licenses-manage-page';

export function Component() {
  return <LicensesManagePage />;
}
