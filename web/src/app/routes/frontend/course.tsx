import { replace, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { CoursePage } from '@/features/lessons/components/course-page';
import { frontendCourseIds } from '@/shared/catalog/products';
import { redirectTarget } from '@/shared/routing/redirects';

/** `/frontend/:courseId/:lessonId?`: only the frontend courses; any other segment goes back (spec 2). */
export function loader({ params, request }: LoaderFunctionArgs) {
  if ((frontendCourseIds as readonly string[]).includes(params.courseId ?? '')) return null;
  return replace(redirectTarget(new URL(request.url).pathname));
}

/** A frontend crash course (html, css, javascript, react) or web-dev-fundamentals, by its route name. */
export function Component() {
  const { courseId = '' } = useParams();
  return <CoursePage product="frontendexpert" sectionId={courseId} />;
}
