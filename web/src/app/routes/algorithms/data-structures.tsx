import { useParams } from 'react-router-dom';
import { Glossary } from '@/features/glossary/components/glossary';
import { CoursePage } from '@/features/lessons/components/course-page';

/** The data-structures course; its landing page (no lesson named) also holds the algorithms' glossary. */
export function Component() {
  const { lessonId } = useParams();
  return (
    <>
      <CoursePage product="algoexpert" sectionId="data-structures" />
      {lessonId ? null : <Glossary product="algoexpert" />}
    </>
  );
}
