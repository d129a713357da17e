import { useState } from 'react';
import type { MilestoneResult } from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { products } from '@/shared/catalog/products';
import { Loader } from '@/shared/ui/loader';
import { Markdown } from '@/shared/ui/markdown';
import { NotFound } from '@/shared/ui/not-found';
import { PageHeader } from '@/shared/ui/page';
import { useGetProjectQuery } from '../api/solidity-api';
import { ScenarioList, SolidityWorkspace } from './solidity-workspace';

const LIST_PATH = '/blockchain/projects';

/**
 * A Solidity project (`/blockchain/projects/:projectId`): the brief and the milestones beside the editor;
 * Run Tests judges every milestone at once and marks the ones that pass.
 */
export function SolidityProjectPage({ projectId }: { projectId: string }) {
  const product = products.blockchainexpert;
  const project = useGetProjectQuery({ params: { product: 'blockchainexpert' }, request: { projectId } });
  const [judged, setJudged] = useState<MilestoneResult[] | undefined>(undefined);
  const crumbs = [
    { label: product.name, to: product.productPath },
    { label: 'Index', to: '/blockchain/index' },
    { label: 'Projects', to: LIST_PATH },
  ];
  if (project.isLoading) return <Loader label="Loading the project" size="large" />;
  if (project.error) {
    if ('status' in project.error && project.error.status === 404) return <NotFound backTo={LIST_PATH} />;
    const locked = 'status' in project.error && project.error.status === 403;
    return (
      <div className="page-section">
        <PageHeader
          title={locked ? 'This project is locked' : 'This project could not be opened'}
          crumbs={crumbs}
        />
        <p role="alert">{getApiErrorMessage(project.error)}</p>
        {locked ? (
          <a className="button button--primary" href="/purchase">
            Get {product.name}
          </a>
        ) : (
          <button type="button" className="button button--secondary" onClick={() => void project.refetch()}>
            Try Again
          </button>
        )}
      </div>
    );
  }
  const data = project.data;
  if (!data) return <NotFound backTo={LIST_PATH} />;
  const stateOf = (index: number) => judged?.find((m) => m.index === index);
  const tabs = [
    { id: 'brief', label: 'Brief', content: <Markdown text={data.brief} /> },
    {
      id: 'milestones',
      label: `Milestones (${data.milestones.length})`,
      content: (
        <>
          {data.milestones.map((milestone) => {
            const state = stateOf(milestone.index);
            return (
              <section
                key={milestone.index}
                className="solidity-milestone"
                aria-labelledby={`milestone-${milestone.index}`}
              >
                <h3 id={`milestone-${milestone.index}`}>
                  {milestone.index + 1}. {milestone.title}
                  {state
                    ? state.passed
                      ? ' ✓ passed'
                      : ` · ${state.testsPassed} of ${state.testsTotal}`
                    : ''}
                </h3>
                <Markdown text={milestone.body} />
                <details>
                  <summary>
                    Its tests: {milestone.tests.length} visible, {milestone.hiddenTestsCount} hidden
                  </summary>
                  <ScenarioList tests={milestone.tests} />
                </details>
              </section>
            );
          })}
        </>
      ),
    },
    ...(data.support
      ? [
          {
            id: 'support',
            label: 'Support.sol',
            content: (
              <>
                <p>The tests deploy these contracts beside yours. They are read-only.</p>
                <pre tabIndex={0}>
                  <code>{data.support}</code>
                </pre>
              </>
            ),
          },
        ]
      : []),
    {
      id: 'solution',
      label: 'Solution',
      content: (
        <details>
          <summary>Show a reference solution</summary>
          <pre tabIndex={0}>
            <code>{data.solution}</code>
          </pre>
        </details>
      ),
    },
  ];
  return (
    <SolidityWorkspace
      kind="project"
      id={data.id}
      version={data.version}
      title={data.name}
      starter={data.starterCode}
      tabs={tabs}
      milestones={data.milestones}
      onJudged={(answer) => setJudged(answer.milestones)}
      header={
        <PageHeader
          title={data.name}
          eyebrow={`Project · ${data.difficultyLabel} · Solidity`}
          lead={data.summary}
          crumbs={crumbs}
        />
      }
    />
  );
}
