import { useParams } from 'react-router-dom';
import { QuestionPage } from '@/features/catalog/components/question-page';

export function Component() {
  const { courseName = '', questionNumber = '' } = useParams();
  return (
    <QuestionPage
      productId="blockchainexpert"
      sectionId={courseName}
      questionId={`assessment question ${questionNumber}`}
      variant="assessment"
    />
  );
}
