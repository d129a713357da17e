import { QuestionList } from '@/features/algorithms/components/question-list';
import { codingProducts } from '@/shared/catalog/coding-products';

/** BlockchainExpert's Solidity questions: the shared question list over the blockchainexpert product. */
export function Component() {
  return <QuestionList product={codingProducts.blockchainexpert} />;
}
