import { useParams } from 'react-router-dom';
import { LessonPracticePage } from '@/features/quizzes/components/lesson-practice-page';

/** `/blockchain/:courseName/:lessonId/practice-questions/:questionNumber` (spec 2). */
export function Component() {
  const { courseName = '', lessonId = '', questionNumber = '' } = useParams();
  return (
    <LessonPracticePage
      product="blockchainexpert"
      course={courseName}
      lessonId={lessonId}
      questionNumber={Number(questionNumber)}
      basePath={`/blockchain/${courseName}`}
    />
  );
}
