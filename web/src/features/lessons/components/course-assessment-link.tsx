import { Link } from 'react-router-dom';
import type { ProblemProductId } from '@app/contracts';
import { useOwnedProducts } from '@/shared/billing/billing-api';
import { useGetCourseAssessmentQuery } from '@/shared/api/course-assessments-api';

type CourseAssessmentLinkProps = {
  product: ProblemProductId;
  /** The course's section (assessments/get `sectionName`). */
  course: string;
  /** The course's route: `${coursePath}/assessment/1` is its assessment's first question. */
  coursePath: string;
};

/**
 * The way to a course's assessment from its page. Owners see how many questions it has and how many
 * they answered right (assessments/get is theirs only); the others get the link, which tells them how
 * to get the product. Nothing shows for a course without an assessment.
 */
export function CourseAssessmentLink({ product, course, coursePath }: CourseAssessmentLinkProps) {
  const owned = useOwnedProducts();
  const isOwner = owned?.includes(product) === true;
  const assessment = useGetCourseAssessmentQuery(
    { params: { product }, request: { sectionName: course } },
    { skip: !isOwner },
  );
  const data = assessment.data;
  if (isOwner && (assessment.isError || (data && data.items.length === 0))) return null;
  return (
    <section className="course-assessment" aria-labelledby="course-assessment-heading">
      <h2 id="course-assessment-heading">Course assessment</h2>
      <p>
        {data
          ? `${data.numQuestionsRequired} questions across the whole course · ${data.numQuestionsCompleted} answered right`
          : isOwner
            ? 'Loading your progress…'
            : 'Questions across the whole course, each checked as you answer.'}
      </p>
      <Link className="button" to={`${coursePath}/assessment/1`}>
        Take the course assessment
      </Link>
    </section>
  );
}
