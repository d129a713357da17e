import { useParams } from 'react-router-dom';
import { SolidityProjectPage } from '@/features/workspace/components/solidity-project-page';

/** A Solidity project in the Solidity workspace. */
export function Component() {
  const { projectId = '' } = useParams();
  return <SolidityProjectPage projectId={projectId} />;
}
