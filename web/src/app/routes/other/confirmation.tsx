import { ConfirmationPage } from '@/features/commerce/components/confirmation-page';

export function Component() {
  return <ConfirmationPage />;
}
