import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader title="Recruiting profile" eyebrow="Recruiting" lead="Let companies that hire find you." />
      <ComingPanel title="Profiles open soon">
        <p>Your experience, skills and preferences, saved as you type and shared only with your consent.</p>
      </ComingPanel>
    </>
  );
}
