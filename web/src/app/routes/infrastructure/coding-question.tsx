import { useParams } from 'react-router-dom';
import { WorkspacePage } from '@/features/workspace/components/workspace-page';
import { codingProducts } from '@/shared/catalog/coding-products';

/** An InfraExpert coding question in the coding workspace, judged in Python or Go. */
export function Component() {
  const { questionId = '' } = useParams();
  return <WorkspacePage questionId={questionId} product={codingProducts.infraexpert} />;
}
