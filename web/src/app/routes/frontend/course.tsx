import { replace, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { SectionPage } from '@/features/catalog/components/section-page';
import { frontendCourseIds } from '@/shared/catalog/products';
import { redirectTarget } from '@/shared/routing/redirects';

/** `/frontend/:courseId/:lessonId?`: only the frontend courses; any other segment goes back (spec 2). */
export function loader({ params, request }: LoaderFunctionArgs) {
  if ((frontendCourseIds as readonly string[]).includes(params.courseId ?? '')) return null;
  return replace(redirectTarget(new URL(request.url).pathname));
}

export function Component() {
  const { courseId = '', lessonId } = useParams();
  return <SectionPage productId="frontendexpert" sectionId={courseId} lessonId={lessonId} />;
}
