import { Link } from 'react-router-dom';
import { useListSubmissionsQuery } from '@/shared/api/problems-api';
import { useListProjectsQuery } from '@/shared/api/catalogue-api';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { useIsSignedInHere } from '@/shared/auth/session-slice';
import { products } from '@/shared/catalog/products';
import { Loader } from '@/shared/ui/loader';
import { PageHeader } from '@/shared/ui/page';
import './solidity-workspace.css';

/** `/blockchain/projects`: every Solidity project with its milestones, the learner's latest outcome, locks. */
export function SolidityProjectList() {
  const product = products.blockchainexpert;
  const signedIn = useIsSignedInHere();
  const list = useListProjectsQuery({ params: { product: 'blockchainexpert' } });
  const submissions = useListSubmissionsQuery({ product: 'blockchainexpert' }, { skip: !signedIn });
  const statusOf = (id: string) => submissions.data?.submissions.find((s) => s.questionId === id)?.status;
  const items = list.data?.items ?? [];
  return (
    <div className="page-section solidity-projects">
      <PageHeader
        title="Projects"
        eyebrow={product.name}
        lead="Contracts built milestone by milestone, each judged by its own scenarios in an EVM on the server."
        crumbs={[
          { label: product.name, to: product.productPath },
          { label: 'Index', to: '/blockchain/index' },
        ]}
      />
      {list.isLoading ? (
        <Loader label="Loading the projects" size="large" />
      ) : list.error ? (
        <p role="alert">
          {getApiErrorMessage(list.error)}{' '}
          <button type="button" className="button button--secondary" onClick={() => void list.refetch()}>
            Try Again
          </button>
        </p>
      ) : items.length === 0 ? (
        <p>No projects are published yet.</p>
      ) : (
        <ol className="card-grid" aria-label="Projects">
          {items.map((item) => {
            const status = statusOf(item.id);
            return (
              <li key={item.id} className="link-card" data-project={item.id}>
                <div className="link-card__link">
                  <span className="link-card__title">
                    {item.acl.isAvailable ? (
                      <Link to={`/blockchain/projects/${item.id}`}>
                        {item.number}. {item.name}
                      </Link>
                    ) : (
                      `${item.number}. ${item.name}`
                    )}
                  </span>
                  <span className="link-card__description">{item.summary}</span>
                  <span className="link-card__meta">
                    {item.difficultyLabel} · {item.milestones.length} milestones
                    {item.isFree ? ' · Free' : ''}
                    {status === 'CORRECT' ? ' · Completed' : status ? ' · In progress' : ''}
                  </span>
                  {item.acl.isAvailable ? null : (
                    <span className="link-card__meta">
                      Locked: part of {product.name}. <Link to="/purchase">Get {product.name}</Link>
                    </span>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
