import type { ReactNode } from 'react';
import type { ProductId } from '@app/contracts';
import { products } from '@/shared/catalog/products';
import { CardGrid, LinkCard, PageHeader } from '@/shared/ui/page';
import './catalog.css';

type ProductIndexProps = {
  productId: ProductId;
  /** Shown under the header: the learner's progress towards the product's certificate. */
  summary?: ReactNode;
};

const kindLabels = {
  course: 'Course',
  questions: 'Questions',
  quiz: 'Quiz',
  tips: 'Tips',
  assessments: 'Assessments',
  projects: 'Projects',
  mock: 'Practice',
} as const;

/** A product's index: the outline of its courses, question lists and quizzes. */
export function ProductIndex({ productId, summary }: ProductIndexProps) {
  const product = products[productId];
  return (
    <>
      <PageHeader
        title={`${product.name} index`}
        eyebrow={product.subject}
        lead={`Everything in ${product.name}, in the order we suggest working through it.`}
        crumbs={[{ label: product.name, to: product.productPath }]}
      />
      {summary}
      <CardGrid label={`${product.name} content`}>
        {product.sections.map((section, index) => (
          <LinkCard
            key={section.id}
            to={section.path}
            title={`${index + 1}. ${section.title}`}
            description={section.description}
            meta={kindLabels[section.kind]}
          />
        ))}
      </CardGrid>
    </>
  );
}
