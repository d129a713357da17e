import { Link } from 'react-router-dom';
import { workspacePanes, type ProductId } from '@app/contracts';
import { findSection, products, titleFromSlug } from '@/shared/catalog/products';
import { ComingPanel, PageHeader } from '@/shared/ui/page';
import './catalog.css';

type QuestionPageProps = {
  productId: ProductId;
  /** The list the question belongs to, for the way back. */
  sectionId: string;
  questionId: string;
  variant?: 'coding' | 'design' | 'assessment' | 'practice' | 'project';
};

const paneLabels: Record<(typeof workspacePanes)[number], string> = {
  prompt: 'the prompt',
  scratchpad: 'your scratchpad',
  video: 'the video explanation',
  walkthrough: 'the walkthrough',
  solutions: "other learners' solutions",
};

/** A question's page: the workspace that will open here, and the way back to its list. */
export function QuestionPage({ productId, sectionId, questionId, variant = 'coding' }: QuestionPageProps) {
  const product = products[productId];
  const section = findSection(product, sectionId);
  const backTo = section?.path ?? product.indexPath ?? product.productPath;
  const backLabel = variant === 'assessment' ? 'Back To Index' : 'Back To Lessons';

  return (
    <div className="question-page" data-variant={variant}>
      <PageHeader
        title={titleFromSlug(questionId)}
        eyebrow={section?.title ?? product.name}
        crumbs={[
          { label: product.name, to: product.productPath },
          ...(section ? [{ label: section.title, to: section.path }] : []),
        ]}
      />
      <ComingPanel
        title={variant === 'design' ? 'The design workspace opens here' : 'The workspace opens here'}
        action={
          <Link to={backTo} className="button button--secondary">
            {backLabel}
          </Link>
        }
      >
        <p>
          Side by side: {workspacePanes.map((pane) => paneLabels[pane]).join(', ')}, in one of five layouts.
        </p>
        {variant === 'coding' || variant === 'assessment' || variant === 'practice' ? (
          <p>
            Run your code with <kbd>Ctrl</kbd> or <kbd>⌘</kbd> + <kbd>&apos;</kbd>, and submit it by adding{' '}
            <kbd>Shift</kbd>.
          </p>
        ) : null}
      </ComingPanel>
    </div>
  );
}
