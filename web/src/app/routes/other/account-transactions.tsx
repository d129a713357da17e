import { SignInGate } from '@/features/auth/components/sign-in-gate';
import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Transactions"
        eyebrow="Account"
        lead="Your purchases and receipts."
        crumbs={[{ label: 'Account', to: '/account/overview' }]}
      />
      <SignInGate reason="Log in to see your transactions.">
        <ComingPanel title="Your purchase history arrives soon">
          <p>Each charge with its date and amount, and a receipt to download.</p>
        </ComingPanel>
      </SignInGate>
    </>
  );
}
