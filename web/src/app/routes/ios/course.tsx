import { replace, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { CoursePage } from '@/features/lessons/components/course-page';
import { iosCourseIds } from '@/shared/catalog/products';
import { redirectTarget } from '@/shared/routing/redirects';

/** `/ios/:courseId/:lessonId?`: only the iOS courses; anything else is an unknown path. */
export function loader({ params, request }: LoaderFunctionArgs) {
  if ((iosCourseIds as readonly string[]).includes(params.courseId ?? '')) return null;
  return replace(redirectTarget(new URL(request.url).pathname));
}

export function Component() {
  const { courseId = '' } = useParams();
  return <CoursePage product="iosexpert" sectionId={courseId} />;
}
