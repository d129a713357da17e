import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Manage licences"
        eyebrow="Teams"
        lead="Create licence keys for your team and follow their use."
      />
      <ComingPanel title="Licence management arrives soon">
        <p>Create keys with a name and a number of uses, edit or remove them, and see who redeemed them.</p>
      </ComingPanel>
    </>
  );
}
