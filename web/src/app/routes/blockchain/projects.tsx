import { SolidityProjectList } from '@/features/workspace/components/solidity-project-list';

export function Component() {
  return <SolidityProjectList />;
}
