import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Blog"
        eyebrow="Blog"
        lead="Interview advice, product news and stories from learners."
      />
      <ComingPanel title="Posts are on their way">
        <p>Articles on preparing for coding, systems design and machine learning interviews.</p>
      </ComingPanel>
    </>
  );
}
