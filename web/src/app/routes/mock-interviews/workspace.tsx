import { useParams } from 'react-router-dom';
import { titleFromSlug } from '@/shared/catalog/products';
import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  const { phaseId = '' } = useParams();
  return (
    <>
      <PageHeader
        title={`Interview phase: ${titleFromSlug(phaseId)}`}
        eyebrow="Mock interviews"
        crumbs={[{ label: 'Mock interviews', to: '/mock-interviews' }]}
      />
      <ComingPanel title="The shared workspace opens here">
        <p>Both of you see the same code as it is typed; the interviewer also sees the solution and hints.</p>
      </ComingPanel>
    </>
  );
}
