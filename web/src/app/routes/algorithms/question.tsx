import { useParams } from 'react-router-dom';
import { WorkspacePage } from '@/features/workspace/components/workspace-page';

export function Component() {
  const { questionId = '' } = useParams();
  return <WorkspacePage questionId={questionId} />;
}
