import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Video call"
        eyebrow="Mock interviews"
        crumbs={[{ label: 'Mock interviews', to: '/mock-interviews' }]}
      />
      <ComingPanel title="The call room opens soon">
        <p>Camera, microphone and the shared workspace, side by side.</p>
      </ComingPanel>
    </>
  );
}
