import { ChargesTable } from '@/features/account/components/charges-table';
import { PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Transactions"
        eyebrow="Account"
        lead="Your purchases, newest first."
        crumbs={[{ label: 'Account', to: '/account/overview' }]}
      />
      <ChargesTable />
    </>
  );
}
