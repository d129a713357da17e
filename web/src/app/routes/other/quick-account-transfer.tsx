import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Quick account transfer"
        eyebrow="Account"
        lead="Move your products to the account you are signed in with."
      />
      <ComingPanel title="Quick transfers open soon">
        <p>Follow the link we emailed you to confirm the move.</p>
      </ComingPanel>
    </>
  );
}
