import { DesignQuestionList } from '@/features/design/components/design-question-list';

export function Component() {
  return <DesignQuestionList product="infraexpert" />;
}
