import type { ReactNode } from 'react';
import { type ProductId, lessonKindOfSection, problemProductIds } from '@app/contracts';
import { useGetCatalogueSummaryQuery } from '@/shared/api/catalogue-api';
import { type ProductSection, products } from '@/shared/catalog/products';
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
          <SectionCard key={section.id} productId={productId} section={section} position={index + 1} />
        ))}
      </CardGrid>
    </>
  );
}

type SectionCardProps = { productId: ProductId; section: ProductSection; position: number };

/** One part of the outline, with what it holds as the catalogue counts it (lessons or questions). */
function SectionCard({ productId, section, position }: SectionCardProps) {
  const count = useSectionCount(productId, section);
  return (
    <LinkCard
      to={section.path}
      title={`${position}. ${section.title}`}
      description={section.description}
      meta={count === undefined ? kindLabels[section.kind] : `${kindLabels[section.kind]} · ${count}`}
    />
  );
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** "7 lessons", "12 questions": from the product's catalogue summary, undefined until it answers. */
function useSectionCount(productId: ProductId, section: ProductSection): string | undefined {
  // The products with a catalogue (not the backend's or the programming course's).
  const product = problemProductIds.find((id) => id === productId);
  const summary = useGetCatalogueSummaryQuery(
    { params: { product: product ?? 'algoexpert' } },
    { skip: !product },
  ).data;
  if (!summary) return undefined;
  const lessonKind =
    section.kind === 'course' || section.kind === 'tips' ? lessonKindOfSection(section.id) : undefined;
  if (lessonKind) return plural(summary.lessonsByCourse[lessonKind] ?? 0, 'lesson');
  if (section.questions === 'coding') return plural(summary.codingQuestions, 'question');
  if (section.questions === 'design') return plural(summary.designQuestions, 'question');
  if (section.kind === 'projects') return plural(summary.projects, 'project');
  return undefined;
}
