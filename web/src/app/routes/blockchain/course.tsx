import { replace, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { CoursePage } from '@/features/lessons/components/course-page';
import { blockchainCourseIds } from '@/shared/catalog/products';
import { redirectTarget } from '@/shared/routing/redirects';

/** `/blockchain/<course>/:lessonId?` for the six blockchain courses (spec 2). */
export function loader({ params, request }: LoaderFunctionArgs) {
  if ((blockchainCourseIds as readonly string[]).includes(params.courseName ?? '')) return null;
  return replace(redirectTarget(new URL(request.url).pathname));
}

export function Component() {
  const { courseName = '' } = useParams();
  return <CoursePage product="blockchainexpert" sectionId={courseName} />;
}
