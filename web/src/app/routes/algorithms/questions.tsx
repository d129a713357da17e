import { QuestionList } from '@/features/algorithms/components/question-list';
import { ProgressSummary } from '@/features/progress/components/progress-summary';

export function Component() {
  return <QuestionList summary={<ProgressSummary product="algoexpert" />} />;
}
