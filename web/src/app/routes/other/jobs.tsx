import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader title="Jobs" eyebrow="Careers" lead="Help engineers get ready for their interviews." />
      <ComingPanel title="No open positions right now">
        <p>We post openings here first. Check back, or write to us from the help page.</p>
      </ComingPanel>
    </>
  );
}
