import { QuestionList } from '@/features/algorithms/components/question-list';
import { codingProducts } from '@/shared/catalog/coding-products';

/** InfraExpert's coding questions: the algorithms' list over the infraexpert product (Python and Go). */
export function Component() {
  return <QuestionList product={codingProducts.infraexpert} />;
}
