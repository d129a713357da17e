import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Your data"
        eyebrow="Account"
        lead="What we keep about you, and how to erase it."
        crumbs={[{ label: 'Account', to: '/account/overview' }]}
      />
      <ComingPanel title="Data controls arrive soon">
        <p>Download what we hold about you, or wipe your account and everything tied to it.</p>
      </ComingPanel>
    </>
  );
}
