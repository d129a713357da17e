import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Interview feedback"
        eyebrow="Mock interviews"
        crumbs={[{ label: 'Mock interviews', to: '/mock-interviews' }]}
      />
      <ComingPanel title="Feedback forms open soon">
        <p>After each session you rate each other on problem solving, coding and communication.</p>
      </ComingPanel>
    </>
  );
}
