import { useParams } from 'react-router-dom';
import { titleFromSlug } from '@/shared/catalog/products';
import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  const { contestSeason = '' } = useParams();
  return (
    <>
      <PageHeader
        title={`Season ${titleFromSlug(contestSeason)}`}
        eyebrow="SWE project contests"
        crumbs={[{ label: 'SWE project contests', to: '/swe-project-contests' }]}
      />
      <ComingPanel title="Season details arrive soon">
        <p>The theme, the questions to complete, the deadline and the leaderboard of this season.</p>
      </ComingPanel>
    </>
  );
}
