import { useParams } from 'react-router-dom';
import { CourseAssessmentPage } from '@/features/quizzes/components/course-assessment-page';

/** `/blockchain/:courseName/assessment/:questionNumber` (spec 2): one question of a course's assessment. */
export function Component() {
  const { courseName = '', questionNumber = '' } = useParams();
  return (
    <CourseAssessmentPage
      product="blockchainexpert"
      course={courseName}
      questionNumber={Number(questionNumber)}
      coursePath={`/blockchain/${courseName}`}
      indexPath="/blockchain/index"
    />
  );
}
