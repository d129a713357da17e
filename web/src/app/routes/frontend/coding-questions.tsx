import { QuestionList } from '@/features/algorithms/components/question-list';
import { codingProducts } from '@/shared/catalog/coding-products';

/** FrontendExpert's coding questions: the shared list over the frontendexpert product, by category. */
export function Component() {
  return <QuestionList product={codingProducts.frontendexpert} />;
}
