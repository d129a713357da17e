import { difficultyLabels, solidityQuestionFieldsSchema } from '@app/contracts';
import { useGetCodingQuestionQuery } from '@/shared/api/problems-api';
import { products } from '@/shared/catalog/products';
import { Loader } from '@/shared/ui/loader';
import { Markdown } from '@/shared/ui/markdown';
import { NotFound } from '@/shared/ui/not-found';
import { PageHeader } from '@/shared/ui/page';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { ScenarioList, SolidityWorkspace } from './solidity-workspace';

const LIST_PATH = '/blockchain/coding-questions';

/** A Solidity coding question (`/blockchain/coding-questions/:questionId`) in the Solidity workspace. */
export function SolidityQuestionPage({ questionId }: { questionId: string }) {
  const product = products.blockchainexpert;
  const question = useGetCodingQuestionQuery({
    params: { product: 'blockchainexpert' },
    request: { name: questionId },
  });
  if (question.isLoading) return <Loader label="Loading the question" size="large" />;
  if (question.error) {
    if ('status' in question.error && question.error.status === 404) return <NotFound backTo={LIST_PATH} />;
    return (
      <div className="page-section">
        <PageHeader
          title="This question could not be opened"
          crumbs={[{ label: 'Solidity questions', to: LIST_PATH }]}
        />
        <p role="alert">{getApiErrorMessage(question.error)}</p>
        <button type="button" className="button button--secondary" onClick={() => void question.refetch()}>
          Try Again
        </button>
      </div>
    );
  }
  const data = question.data;
  const fields = solidityQuestionFieldsSchema.safeParse(data);
  if (!data || !fields.success) return <NotFound backTo={LIST_PATH} />;
  const detail = fields.data;
  const tabs = [
    { id: 'prompt', label: 'Prompt', content: <Markdown text={data.prompt} /> },
    {
      id: 'tests',
      label: `Tests (${detail.testsCount})`,
      content: (
        <>
          <p>
            {detail.tests.length} visible, {detail.hiddenTestsCount} hidden. Each test deploys{' '}
            <code>{detail.contractName}</code> into a fresh chain where every account holds 100 ether; each
            call is mined 12 seconds after the one before.
          </p>
          <ScenarioList tests={detail.tests} />
        </>
      ),
    },
    {
      id: 'hints',
      label: 'Hints',
      content: (
        <ol className="solidity-hints">
          {data.hints.map((hint) => (
            <li key={hint.title}>
              <details>
                <summary>{hint.title}</summary>
                <Markdown text={hint.content} />
              </details>
            </li>
          ))}
        </ol>
      ),
    },
    ...(detail.support
      ? [
          {
            id: 'support',
            label: 'Support.sol',
            content: (
              <>
                <p>The tests deploy these contracts beside yours. They are read-only.</p>
                <pre tabIndex={0}>
                  <code>{detail.support}</code>
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
          <summary>Show the reference solution and its walkthrough</summary>
          <pre tabIndex={0}>
            <code>{detail.solutions.solidity}</code>
          </pre>
          <Markdown text={detail.walkthrough} />
        </details>
      ),
    },
  ];
  return (
    <SolidityWorkspace
      kind="question"
      id={data.id}
      version={data.version}
      title={data.name}
      starter={detail.starterCode.solidity}
      tabs={tabs}
      header={
        <PageHeader
          title={data.name}
          eyebrow={`${data.category} · ${difficultyLabels[data.difficulty]} · Solidity`}
          crumbs={[
            { label: product.name, to: product.productPath },
            { label: 'Index', to: '/blockchain/index' },
            { label: 'Solidity questions', to: LIST_PATH },
          ]}
        />
      }
    />
  );
}
