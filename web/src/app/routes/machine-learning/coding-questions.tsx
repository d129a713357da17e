import { QuestionList } from '@/features/algorithms/components/question-list';
import { codingProducts } from '@/shared/catalog/coding-products';

/** MLExpert's coding questions: the algorithms' list over the mlexpert product (answered in Python). */
export function Component() {
  return <QuestionList product={codingProducts.mlexpert} />;
}
