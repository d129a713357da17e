import { Link } from 'react-router-dom';
import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Mock interviews"
        eyebrow="AlgoExpert"
        lead="Take turns interviewing each other on a shared workspace with video, then trade feedback."
        crumbs={[{ label: 'AlgoExpert', to: '/product' }]}
      />
      <ComingPanel
        title="Scheduling opens soon"
        action={
          <Link to="/mock-interviews/with-friend" className="button button--primary">
            Interview with a friend
          </Link>
        }
      >
        <p>Pick a time, get matched with a peer at your level, and receive a question for each of you.</p>
      </ComingPanel>
    </>
  );
}
