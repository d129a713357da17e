import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Account transfer"
        eyebrow="Account"
        lead="Move your products from one sign-in to another."
      />
      <ComingPanel title="Transfers open soon">
        <p>Sign in with both accounts and choose which one keeps the products.</p>
      </ComingPanel>
    </>
  );
}
