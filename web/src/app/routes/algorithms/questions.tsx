import { QuestionList } from '@/features/algorithms/components/question-list';

export function Component() {
  return <QuestionList />;
}
