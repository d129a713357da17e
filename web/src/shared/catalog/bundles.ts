import { allAccessProductIds, type ProductId } from '@app/contracts';
import type { ThemeKey } from './products';

export type BundleLabel = 'POPULAR' | 'BEST VALUE';

/** A marketing entry of the bundle catalogue (spec 1). Prices are not shown. */
export type Bundle = {
  id: string;
  title: string;
  features: readonly string[];
  theme: ThemeKey;
  products: readonly ProductId[];
  label: BundleLabel | null;
  /** Which illustration the card draws. */
  illustration: 'pair' | 'stack' | 'grid' | 'star';
};

export const bundles: readonly Bundle[] = [
  {
    id: 'tech-interview',
    title: 'Tech Interview Bundle',
    features: ['Every coding question with its walkthrough and solutions', 'The full systems design course'],
    theme: 'ae',
    products: ['algoexpert', 'systemsexpert'],
    label: 'POPULAR',
    illustration: 'pair',
  },
  {
    id: 'algo-ml',
    title: 'Algo & ML Bundle',
    features: ['Coding interview preparation', 'The machine learning crash course and questions'],
    theme: 'mle',
    products: ['algoexpert', 'mlexpert'],
    label: null,
    illustration: 'pair',
  },
  {
    id: 'frontend-interview',
    title: 'Frontend Interview Bundle',
    features: ['Coding interview preparation', 'Frontend crash courses and coding questions'],
    theme: 'fe',
    products: ['algoexpert', 'frontendexpert'],
    label: null,
    illustration: 'pair',
  },
  {
    id: 'fullstack-interview',
    title: 'Fullstack Interview Bundle',
    features: ['Algorithms, systems design and frontend', 'Solutions in every workspace language'],
    theme: 'fe',
    products: ['algoexpert', 'systemsexpert', 'frontendexpert'],
    label: null,
    illustration: 'stack',
  },
  {
    id: 'fullstack-interview-2',
    title: 'Fullstack Interview Bundle II',
    features: ['Everything in the Fullstack Interview Bundle', 'Backend preparation as it arrives'],
    theme: 'bke',
    products: ['algoexpert', 'systemsexpert', 'frontendexpert', 'backendexpert'],
    label: null,
    illustration: 'stack',
  },
  {
    id: 'ml-interview',
    title: 'ML Interview Bundle',
    features: ['Algorithms, machine learning and systems design', 'Large-scale ML design questions'],
    theme: 'mle',
    products: ['algoexpert', 'mlexpert', 'systemsexpert'],
    label: null,
    illustration: 'stack',
  },
  {
    id: 'ml-interview-2',
    title: 'ML Interview Bundle II',
    features: ['Everything in the ML Interview Bundle', 'Backend preparation as it arrives'],
    theme: 'mle',
    products: ['algoexpert', 'mlexpert', 'systemsexpert', 'backendexpert'],
    label: null,
    illustration: 'stack',
  },
  {
    id: 'tech-interview-prep',
    title: 'Tech Interview Prep Bundle',
    features: ['Algorithms, systems design, frontend and machine learning', 'Four products, one purchase'],
    theme: 'se',
    products: ['algoexpert', 'systemsexpert', 'frontendexpert', 'mlexpert'],
    label: null,
    illustration: 'grid',
  },
  {
    id: 'ultimate',
    title: 'Ultimate Bundle',
    features: ['Every product in one bundle', 'Everything added to them while you have access'],
    theme: 'ae',
    products: allAccessProductIds,
    label: 'BEST VALUE',
    illustration: 'star',
  },
  {
    id: 'infra-interview',
    title: 'Infra Interview Bundle I',
    features: ['Algorithms, systems design and infrastructure', 'Infrastructure coding and design questions'],
    theme: 'ie',
    products: ['algoexpert', 'systemsexpert', 'infraexpert'],
    label: null,
    illustration: 'stack',
  },
  {
    id: 'infra-interview-2',
    title: 'Infra Interview Bundle II',
    features: ['Everything in the Infra Interview Bundle I', 'Backend preparation as it arrives'],
    theme: 'ie',
    products: ['algoexpert', 'systemsexpert', 'infraexpert', 'backendexpert'],
    label: null,
    illustration: 'grid',
  },
  {
    id: 'backend-interview',
    title: 'Backend Interview Bundle',
    features: ['Algorithms and systems design', 'Backend preparation as it arrives'],
    theme: 'bke',
    products: ['algoexpert', 'systemsexpert', 'backendexpert'],
    label: null,
    illustration: 'stack',
  },
];

/** The interview bundle shown at /tech-interview-prep/product. */
export const interviewBundleId = 'tech-interview-prep';

export function bundlesIncluding(product: ProductId): Bundle[] {
  return bundles.filter((bundle) => bundle.products.includes(product));
}
