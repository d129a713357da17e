import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="SWE project contests"
        eyebrow="Contests"
        lead="Build a project in a season, get feedback, and win prizes."
      />
      <ComingPanel title="The next season opens soon">
        <p>Each season has a theme, a deadline and prizes for the best projects.</p>
      </ComingPanel>
    </>
  );
}
