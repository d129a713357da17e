import { useParams } from 'react-router-dom';
import type { ProblemProductId } from '@app/contracts';
import { findSection, products } from '@/shared/catalog/products';
import { CourseAssessmentLink } from './course-assessment-link';
import { LessonPage } from './lesson-page';

type CoursePageProps = {
  product: ProblemProductId;
  /** The product's section (shared/catalog/products) whose route this is. */
  sectionId: string;
  /** The lessons/list section, when it is not the section's id. */
  lessonSection?: string;
};

/** A course route of a product (`<section path>/:lessonId?`): its section's lessons (and blockchain's, its assessment). */
export function CoursePage({ product, sectionId, lessonSection }: CoursePageProps) {
  const { lessonId } = useParams();
  const section = findSection(products[product], sectionId);
  const basePath = section?.path ?? products[product].productPath;
  return (
    <LessonPage
      product={product}
      section={lessonSection ?? sectionId}
      title={section?.title ?? sectionId}
      lead={section?.description ?? ''}
      basePath={basePath}
      lessonId={lessonId}
      aside={
        // Blockchain's courses end with an assessment spanning the whole course.
        product === 'blockchainexpert' ? (
          <CourseAssessmentLink product={product} course={sectionId} coursePath={basePath} />
        ) : undefined
      }
    />
  );
}
