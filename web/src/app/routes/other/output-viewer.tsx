import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Output viewer"
        eyebrow="Workspace"
        lead="The full output of a run, in its own tab."
      />
      <ComingPanel title="Run outputs show here">
        <p>Open a run from the workspace to see its complete output and logs.</p>
      </ComingPanel>
    </>
  );
}
