import { useParams } from 'react-router-dom';
import { QuestionPage } from '@/features/catalog/components/question-page';
import { titleFromSlug } from '@/shared/catalog/products';

export function Component() {
  const { courseName = '', lessonId = '', questionNumber = '' } = useParams();
  return (
    <QuestionPage
      productId="blockchainexpert"
      sectionId={courseName}
      questionId={`${titleFromSlug(lessonId)} practice question ${questionNumber}`}
      variant="practice"
    />
  );
}
