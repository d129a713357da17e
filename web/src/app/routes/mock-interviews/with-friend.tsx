import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Mock interview with a friend"
        eyebrow="Mock interviews"
        lead="Invite someone you know: one of you asks, the other solves, then you switch."
        crumbs={[{ label: 'Mock interviews', to: '/mock-interviews' }]}
      />
      <ComingPanel title="Invitations open soon">
        <p>
          You will get a link to share; the session starts with a video call and a question for each phase.
        </p>
      </ComingPanel>
    </>
  );
}
