import { useParams } from 'react-router-dom';
import { titleFromSlug } from '@/shared/catalog/products';
import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  const { lessonId } = useParams();
  return (
    <>
      <PageHeader
        title={lessonId ? titleFromSlug(lessonId) : 'Behavioral interviews'}
        eyebrow={lessonId ? 'Behavioral interviews' : 'Interview preparation'}
        lead="Tell your story: the questions about you, your work and your choices."
        crumbs={[
          { label: 'Content', to: '/content' },
          ...(lessonId ? [{ label: 'Behavioral interviews', to: '/behavioral-interviews' }] : []),
        ]}
      />
      <ComingPanel title="Lessons are being written">
        <p>How to structure answers, which stories to prepare, and questions with sample answers.</p>
      </ComingPanel>
    </>
  );
}
