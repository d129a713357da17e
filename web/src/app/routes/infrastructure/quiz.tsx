import { QuizPage } from '@/features/quizzes/components/quiz-page';

export function Component() {
  return <QuizPage product="infraexpert" />;
}
