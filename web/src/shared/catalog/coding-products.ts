import type { ProblemProductId, SortMethod } from '@app/contracts';
import { productIndex } from './product-index';

/**
 * The products whose coding questions open in the coding workspace: where their list and questions live,
 * and the name a locked question points to. The workspace and the question list take one of these.
 */
export type CodingProduct = {
  product: Extract<
    ProblemProductId,
    'algoexpert' | 'mlexpert' | 'infraexpert' | 'blockchainexpert' | 'frontendexpert'
  >;
  name: string;
  productPath: string;
  listPath: string;
  questionPath(questionId: string): string;
  /** The list's order until the learner picks one (spec 3: by category for the frontend and infrastructure). */
  defaultSort?: SortMethod;
};

export const codingProducts: Record<CodingProduct['product'], CodingProduct> = {
  algoexpert: {
    product: 'algoexpert',
    name: productIndex.algoexpert.name,
    productPath: productIndex.algoexpert.productPath,
    listPath: '/questions',
    questionPath: (questionId) => `/questions/${questionId}`,
  },
  mlexpert: {
    product: 'mlexpert',
    name: productIndex.mlexpert.name,
    productPath: productIndex.mlexpert.productPath,
    listPath: '/machine-learning/coding-questions',
    questionPath: (questionId) => `/machine-learning/coding-questions/${questionId}`,
  },
  infraexpert: {
    product: 'infraexpert',
    name: productIndex.infraexpert.name,
    productPath: productIndex.infraexpert.productPath,
    listPath: '/infrastructure/coding-questions',
    questionPath: (questionId) => `/infrastructure/coding-questions/${questionId}`,
    defaultSort: 'category',
  },
  // Pages judged in Chromium: the list is the shared one; a question opens in the frontend workspace.
  frontendexpert: {
    product: 'frontendexpert',
    name: productIndex.frontendexpert.name,
    productPath: productIndex.frontendexpert.productPath,
    listPath: '/frontend/coding-questions',
    questionPath: (questionId) => `/frontend/coding-questions/${questionId}`,
    defaultSort: 'category',
  },
  // Solidity: the list is the shared one; a question opens in the Solidity workspace.
  blockchainexpert: {
    product: 'blockchainexpert',
    name: productIndex.blockchainexpert.name,
    productPath: productIndex.blockchainexpert.productPath,
    listPath: '/blockchain/coding-questions',
    questionPath: (questionId) => `/blockchain/coding-questions/${questionId}`,
  },
};
