import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Buy licences for your team"
        eyebrow="Teams"
        lead="One purchase, a key per team member, one year of access."
        crumbs={[{ label: 'Manage licences', to: '/licenses/manage' }]}
      />
      <ComingPanel title="Team purchases open soon">
        <p>Choose the products and the number of seats; keys are created for you to hand out.</p>
      </ComingPanel>
    </>
  );
}
