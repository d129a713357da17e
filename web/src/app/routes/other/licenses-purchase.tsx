import { LicensesPurchasePage } from '@/features/licences/components/licenses-purchase-page';

export function Component() {
  return <LicensesPurchasePage />;
}
