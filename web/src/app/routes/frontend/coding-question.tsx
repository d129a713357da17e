import { useParams } from 'react-router-dom';
import { FrontendQuestionPage } from '@/features/workspace/components/frontend-workspace';

/** A frontend coding question: the page's files, a live preview, and judging in Chromium on the server. */
export function Component() {
  const { questionId = '' } = useParams();
  return <FrontendQuestionPage questionId={questionId} />;
}
