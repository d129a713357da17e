import { Link } from 'react-router-dom';
import { useGetCodingQuestionQuery, useGetUserDataQuery } from '@/shared/api/problems-api';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { useIsSignedInHere } from '@/shared/auth/session-slice';
import { signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { useAppDispatch } from '@/shared/lib/store';
import { Button } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import { NotFound } from '@/shared/ui/not-found';
import { type CodingProduct, codingProducts } from '@/shared/catalog/coding-products';
import { useWorkspaceProduct, WorkspaceProductContext } from '../workspace-product';
import type { SavedQuestionData, TimedMode, WorkspaceQuestion } from '../workspace-question';
import { Workspace } from './workspace';
import './workspace.css';

/**
 * `/questions/:questionId`: the question by its id or name. A question that does not exist shows the
 * spec's not-found text; a locked one says what it is part of and how to get it. The learner's saved
 * code and options arrive before the editor opens, so it never flashes the starter code.
 */
export function WorkspacePage({
  questionId,
  product,
  timed,
}: {
  questionId: string;
  product?: CodingProduct;
  timed?: TimedMode;
}) {
  return (
    <WorkspaceProductContext.Provider value={product ?? codingProducts.algoexpert}>
      <WorkspacePageBody questionId={questionId} timed={timed} />
    </WorkspaceProductContext.Provider>
  );
}

function WorkspacePageBody({ questionId, timed }: { questionId: string; timed?: TimedMode }) {
  const { params, name: productName, listPath } = useWorkspaceProduct();
  const signedIn = useIsSignedInHere();
  const dispatch = useAppDispatch();
  const question = useGetCodingQuestionQuery({ params, request: { name: questionId } });
  const name = question.data?.name;
  const userData = useGetUserDataQuery(
    {
      params,
      request: {
        fetchMap: { workspaceOptions: 'TAKE', ...(name ? { [name]: 'TAKE' } : {}) },
        fetchKey: 'TAKE',
      },
    },
    { skip: !signedIn || !name },
  );

  if (question.isLoading || (signedIn && name && userData.isLoading)) {
    return (
      <div className="workspace-status">
        <Loader label="Loading the question" size="large" />
      </div>
    );
  }
  if (question.error) {
    const status = 'status' in question.error ? question.error.status : undefined;
    if (status === 404) return <NotFound backTo={listPath} />;
    if (status === 403) {
      return (
        <div className="workspace-status workspace-locked">
          <title>Locked question · Interview Prep</title>
          <h1>This question is part of {productName}</h1>
          <p>
            Get {productName} to open every question with its hints, walkthrough and reference solutions, and
            to earn its certificate.
          </p>
          <p className="workspace-locked__actions">
            <Link className="button button--primary" to="/purchase">
              Get {productName}
            </Link>
            {!signedIn ? (
              <Button
                variant="secondary"
                onClick={() =>
                  dispatch(signInModalOpened({ text: `Log in if you already own ${productName}.` }))
                }
              >
                Log In
              </Button>
            ) : null}
            <Link className="button button--secondary" to={listPath}>
              Back To Lessons
            </Link>
          </p>
        </div>
      );
    }
    return (
      <div className="workspace-status" role="alert">
        <title>Question unavailable · Interview Prep</title>
        <h1>The question could not be loaded</h1>
        <p>{getApiErrorMessage(question.error)}</p>
        <Button onClick={() => void question.refetch()}>Try Again</Button>
      </div>
    );
  }
  const data = question.data as WorkspaceQuestion;
  const documentData = (userData.data ?? {}) as Record<string, unknown>;
  const saved = (documentData[data.name] ?? {}) as SavedQuestionData;
  return (
    <Workspace
      // A new question (or version) starts a fresh workspace state.
      key={`${data.id}:${data.version}`}
      question={data}
      signedIn={signedIn}
      saved={saved}
      savedOptions={documentData.workspaceOptions}
      timed={timed}
    />
  );
}
