import { useParams } from 'react-router-dom';
import { DesignWorkspacePage } from '@/features/design/components/design-workspace-page';

export function Component() {
  const { questionId = '' } = useParams();
  return <DesignWorkspacePage product="infraexpert" questionId={questionId} />;
}
