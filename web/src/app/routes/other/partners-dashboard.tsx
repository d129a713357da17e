import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Partner dashboard"
        eyebrow="Partners"
        lead="Referrals and results for our partners."
      />
      <ComingPanel title="The partner dashboard opens soon">
        <p>Referred learners, conversions and payouts for partner organisations.</p>
      </ComingPanel>
    </>
  );
}
