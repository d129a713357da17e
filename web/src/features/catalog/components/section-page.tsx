import { Link } from 'react-router-dom';
import { submissionIndicators, type ProductId } from '@app/contracts';
import { findSection, products, titleFromSlug } from '@/shared/catalog/products';
import { ComingPanel, PageHeader } from '@/shared/ui/page';
import './catalog.css';

type SectionPageProps = {
  productId: ProductId;
  sectionId: string;
  /** A lesson of a course (`:lessonId?`), when the url names one. */
  lessonId?: string;
};

/**
 * A course, question list, quiz, tips or assessments page of a product. Until their content is published
 * the page says what will be here and leads to the rest of the product.
 */
export function SectionPage({ productId, sectionId, lessonId }: SectionPageProps) {
  const product = products[productId];
  const section = findSection(product, sectionId);
  const sectionTitle = section?.title ?? titleFromSlug(sectionId);
  const sectionPath = section?.path ?? product.productPath;
  const crumbs = [
    { label: product.name, to: product.productPath },
    ...(product.indexPath ? [{ label: 'Index', to: product.indexPath }] : []),
    ...(lessonId ? [{ label: sectionTitle, to: sectionPath }] : []),
  ];
  const others = product.sections.filter((other) => other.id !== section?.id);

  return (
    <div className="section-page" data-section={sectionId}>
      <PageHeader
        title={lessonId ? titleFromSlug(lessonId) : sectionTitle}
        eyebrow={lessonId ? sectionTitle : product.name}
        lead={lessonId ? `A lesson of the ${sectionTitle.toLowerCase()}.` : section?.description}
        crumbs={crumbs}
      />
      <SectionBody kind={section?.kind ?? 'course'} title={sectionTitle} lessonId={lessonId} />
      {others.length > 0 ? (
        <section className="product-section" aria-labelledby="more-heading">
          <h2 id="more-heading">Also in {product.name}</h2>
          <ul className="pill-list">
            {others.map((other) => (
              <li key={other.id}>
                <Link to={other.path}>{other.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

type SectionBodyProps = { kind: string; title: string; lessonId?: string };

function SectionBody({ kind, title, lessonId }: SectionBodyProps) {
  if (lessonId) {
    return (
      <ComingPanel title="This lesson is being prepared">
        <p>
          Its text, diagrams and video will appear here. Your place in the course is kept in the address, so
          this link will open the lesson once it is published.
        </p>
      </ComingPanel>
    );
  }
  switch (kind) {
    case 'questions':
      return (
        <ComingPanel title="The question list is on its way">
          <p>Questions will be listed here with their category, difficulty and your progress on each:</p>
          <ul className="status-legend">
            {Object.values(submissionIndicators).map((indicator) => (
              <li key={indicator.label} data-theme={indicator.theme}>
                {indicator.label}
              </li>
            ))}
          </ul>
        </ComingPanel>
      );
    case 'quiz':
      return (
        <ComingPanel title="The quiz opens soon">
          <p>
            Multiple-choice questions on the {title.toLowerCase()}, with an explanation after every answer.
          </p>
        </ComingPanel>
      );
    case 'assessments':
      return (
        <ComingPanel title="Assessments open soon">
          <p>
            Timed sets of questions, graded as you submit, so you know where you stand before the real thing.
          </p>
        </ComingPanel>
      );
    case 'tips':
      return (
        <ComingPanel title="Tips are being written">
          <p>How these interviews run, what interviewers look for, and how to talk through your thinking.</p>
        </ComingPanel>
      );
    default:
      return (
        <ComingPanel title="Lessons are being prepared">
          <p>
            The lessons of the {title.toLowerCase()} will be listed here in order, each with its text,
            diagrams and video.
          </p>
        </ComingPanel>
      );
  }
}
