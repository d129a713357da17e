import { CoursePage } from '@/features/lessons/components/course-page';

export function Component() {
  return <CoursePage product="infraexpert" sectionId="crash-course" />;
}
