import { Link } from 'react-router-dom';
import { useGetUserDataQuery } from '@/shared/api/problems-api';
import { useIsSignedInHere } from '@/shared/auth/session-slice';
import { findSection, products } from '@/shared/catalog/products';
import { Loader } from '@/shared/ui/loader';
import { PageHeader } from '@/shared/ui/page';
import { type DesignQuestionSummary, useListDesignQuestionsQuery } from '../design-api';
import { COMPLETED_SECTION, type DesignProduct, completedIn, designTracks } from '../design-tracks';
import './design.css';

const fetchMap = { completed: { [COMPLETED_SECTION]: 'TAKE' } } as const;

/**
 * A product's design questions (`/systems/questions`, `/machine-learning/design-questions`): each with its
 * difficulty and category, whether the learner completed it, and a lock with the way to get it when the
 * learner does not own the product (the free sample is open to everyone).
 */
export function DesignQuestionList({ product }: { product: DesignProduct }) {
  const track = designTracks[product];
  const owner = products[product];
  const section = findSection(owner, track.sectionId);
  const title = section?.title ?? 'Design questions';
  const signedIn = useIsSignedInHere();
  const list = useListDesignQuestionsQuery({ params: { product } });
  const progress = useGetUserDataQuery(
    { params: { product }, request: { fetchMap, fetchKey: 'TAKE' } },
    { skip: !signedIn },
  );
  const items = (list.data?.items as DesignQuestionSummary[] | undefined) ?? [];
  const completed = completedIn(progress.data);
  const done = items.filter((item) => completed[item.id]).length;
  const crumbs = [
    { label: owner.name, to: owner.productPath },
    ...(owner.indexPath ? [{ label: 'Index', to: owner.indexPath }] : []),
  ];

  return (
    <div className="design-list" data-product={product}>
      <PageHeader title={title} eyebrow={owner.name} lead={section?.description} crumbs={crumbs} />
      {list.isLoading ? (
        <Loader label={`Loading the ${title.toLowerCase()}`} size="large" />
      ) : list.error ? (
        <p role="alert">
          The questions could not be loaded.{' '}
          <button type="button" className="button button--secondary" onClick={() => void list.refetch()}>
            Try Again
          </button>
        </p>
      ) : items.length === 0 ? (
        <p>No design questions are published yet.</p>
      ) : (
        <>
          <p className="design-list__progress">
            {signedIn
              ? `${done} of ${items.length} completed`
              : `${items.length} questions · log in to keep track of the ones you complete`}
          </p>
          <ol className="design-list__items">
            {items.map((item) => (
              <li
                key={item.id}
                className="design-row"
                data-question={item.id}
                data-completed={completed[item.id] ? 'true' : undefined}
              >
                <span
                  className={`design-row__status${completed[item.id] ? ' design-row__status--done' : ''}`}
                  role="img"
                  aria-label={completed[item.id] ? 'Completed' : 'Not completed'}
                  title={completed[item.id] ? 'Completed' : 'Not completed'}
                />
                <span className="design-row__number">{item.order}.</span>
                {item.acl.isAvailable ? (
                  <Link className="design-row__name" to={track.questionPath(item.id)}>
                    {item.name}
                  </Link>
                ) : (
                  <span className="design-row__name design-row__name--locked">
                    {item.name}
                    <span className="design-row__lock">
                      Locked: part of {owner.name}. <Link to="/purchase">Get {owner.name}</Link>
                    </span>
                  </span>
                )}
                <span className="design-row__meta">
                  {item.category} · {item.difficulty}
                  {item.isFree && !completed[item.id] ? ' · Free' : ''}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
