import { LicenseKeyPage } from '@/features/licences/components/license-key-page';

/** Where a team member (or a student, from /student) redeems a licence key. */
export function Component() {
  return <LicenseKeyPage />;
}
