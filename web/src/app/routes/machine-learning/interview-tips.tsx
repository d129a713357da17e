import { CoursePage } from '@/features/lessons/components/course-page';

export function Component() {
  return <CoursePage product="mlexpert" sectionId="interview-tips" />;
}
