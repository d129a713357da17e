import { useParams } from 'react-router-dom';
import { LessonPage } from '@/features/lessons/components/lesson-page';

/** Behavioral lessons come with the algorithms product (their user data is algoexpert's). */
export function Component() {
  const { lessonId } = useParams();
  return (
    <LessonPage
      product="algoexpert"
      section="behavioral"
      title="Behavioral interviews"
      lead="Tell your story: the questions about you, your work and your choices."
      basePath="/behavioral-interviews"
      lessonId={lessonId}
    />
  );
}
