import { Link } from 'react-router-dom';
import { useGetUserDataQuery } from '@/shared/api/problems-api';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { useIsSignedInHere } from '@/shared/auth/session-slice';
import { signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { products } from '@/shared/catalog/products';
import { useAppDispatch } from '@/shared/lib/store';
import { Button } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import { NotFound } from '@/shared/ui/not-found';
import { type DesignQuestion, useGetDesignQuestionQuery } from '../design-api';
import { COMPLETED_SECTION, type DesignProduct, completedIn, designTracks, savedIn } from '../design-tracks';
import { DesignWorkspace } from './design-workspace';
import './design.css';

/**
 * A design question's workspace (`/systems/workspace/:questionId`, `/machine-learning/design-questions/:questionId`).
 * A question that does not exist shows the spec's not-found text; a locked one says what it is part of
 * and how to get it. The learner's drawing and scratchpad arrive before the workspace opens.
 */
export function DesignWorkspacePage({ product, questionId }: { product: DesignProduct; questionId: string }) {
  const track = designTracks[product];
  const owner = products[product];
  const signedIn = useIsSignedInHere();
  const dispatch = useAppDispatch();
  const question = useGetDesignQuestionQuery({ params: { product }, request: { questionId } });
  const userData = useGetUserDataQuery(
    {
      params: { product },
      request: {
        fetchMap: { designQuestions: { [questionId]: 'TAKE' }, completed: { [COMPLETED_SECTION]: 'TAKE' } },
        fetchKey: 'TAKE',
      },
    },
    { skip: !signedIn || !question.data },
  );

  if (question.isLoading || (signedIn && question.data && userData.isLoading)) {
    return (
      <div className="design-status">
        <Loader label="Loading the question" size="large" />
      </div>
    );
  }
  if (question.error) {
    const status = 'status' in question.error ? question.error.status : undefined;
    if (status === 404) return <NotFound backTo={track.listPath} />;
    if (status === 403) {
      return (
        <div className="design-status design-locked">
          <title>Locked question · Interview Prep</title>
          <h1>This design question is part of {owner.name}</h1>
          <p>
            Get {owner.name} to open every design question with its hints, whiteboard and full walkthrough;
            the free sample question is open to everyone.
          </p>
          <p className="design-locked__actions">
            <Link className="button button--primary" to="/purchase">
              Get {owner.name}
            </Link>
            {!signedIn ? (
              <Button
                variant="secondary"
                onClick={() =>
                  dispatch(signInModalOpened({ text: `Log in if you already own ${owner.name}.` }))
                }
              >
                Log In
              </Button>
            ) : null}
            <Link className="button button--secondary" to={track.listPath}>
              Back To Lessons
            </Link>
          </p>
        </div>
      );
    }
    return (
      <div className="design-status" role="alert">
        <title>Question unavailable · Interview Prep</title>
        <h1>The question could not be loaded</h1>
        <p>{getApiErrorMessage(question.error)}</p>
        <Button onClick={() => void question.refetch()}>Try Again</Button>
      </div>
    );
  }
  const data = question.data as DesignQuestion;
  return (
    <DesignWorkspace
      // A new question (or version) starts a fresh workspace state.
      key={`${data.id}:${data.version}`}
      track={track}
      productName={owner.name}
      question={data}
      signedIn={signedIn}
      saved={savedIn(userData.data, data.id)}
      completed={completedIn(userData.data)[data.id] === true}
    />
  );
}
