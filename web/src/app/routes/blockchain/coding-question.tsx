import { useParams } from 'react-router-dom';
import { SolidityQuestionPage } from '@/features/workspace/components/solidity-question-page';

/** A Solidity question in the Solidity workspace, judged by solc and an EVM on the server. */
export function Component() {
  const { questionId = '' } = useParams();
  return <SolidityQuestionPage questionId={questionId} />;
}
