import { useParams } from 'react-router-dom';
import { QuestionPage } from '@/features/catalog/components/question-page';

export function Component() {
  const { questionId = '' } = useParams();
  return (
    <QuestionPage
      productId="infraexpert"
      sectionId="design-questions"
      questionId={questionId}
      variant="design"
    />
  );
}
