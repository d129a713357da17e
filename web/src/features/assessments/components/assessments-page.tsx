import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { type AssessmentSummary, difficultyLabels } from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { useIsSignedInHere } from '@/shared/auth/session-slice';
import { signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { useAppDispatch } from '@/shared/lib/store';
import { Button, LinkButton } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import { PageHeader } from '@/shared/ui/page';
import {
  useAbandonCurrentAssessmentMutation,
  useGetCurrentAssessmentQuery,
  useListAssessmentsQuery,
  useStartAssessmentMutation,
} from '../assessments-api';
import { minutesText, resultText, stateText, statusTheme, whenText } from '../assessment-format';
import { errorStatusOf } from '../error-status';
import { AssessmentCountdown } from './assessment-countdown';
import './assessments.css';

const lead =
  'Practise under interview conditions: pick a question by difficulty, solve it in the workspace against ' +
  'the clock, and submit once. Your code is judged on every test, hidden ones included, and the result ' +
  'stays in your history.';

/** The difficulty groups in their order (Easy first), whatever order the answer lists them in. */
const groupOrder: readonly string[] = Object.values(difficultyLabels);

/**
 * `/assessments`: the assessment running now (continue or abandon), the learner's history of results
 * (first: on a phone the question list is long), and the questions grouped by difficulty, each with its
 * time limit, attempts and best result.
 */
export function AssessmentsPage() {
  const signedIn = useIsSignedInHere();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const list = useListAssessmentsQuery(undefined, { skip: !signedIn });
  const current = useGetCurrentAssessmentQuery(undefined, { skip: !signedIn });
  const [start, starting] = useStartAssessmentMutation();
  const [abandon, abandoning] = useAbandonCurrentAssessmentMutation();
  const [startingId, setStartingId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const header = <PageHeader title="Assessments" eyebrow="AlgoExpert" lead={lead} />;

  if (!signedIn) {
    return (
      <div className="assessments-page">
        {header}
        <section className="assessments-panel" aria-label="Sign in">
          <p>Log in to take timed assessments and keep your results.</p>
          <Button onClick={() => dispatch(signInModalOpened({ text: 'Log in to take timed assessments.' }))}>
            Log In
          </Button>
        </section>
      </div>
    );
  }
  if (list.isLoading || current.isLoading) {
    return (
      <div className="assessments-page">
        {header}
        <Loader label="Loading the assessments" size="large" />
      </div>
    );
  }
  const failure = list.error ?? current.error;
  if (failure) {
    return (
      <div className="assessments-page">
        {header}
        {errorStatusOf(failure) === 403 ? (
          <section className="assessments-panel" aria-label="Locked">
            <h2>Assessments are part of AlgoExpert</h2>
            <p>Get AlgoExpert to take timed assessments on every question and keep your results.</p>
            <LinkButton to="/purchase">Get AlgoExpert</LinkButton>
          </section>
        ) : (
          <section className="assessments-panel" role="alert">
            <h2>The assessments could not be loaded</h2>
            <p>{getApiErrorMessage(failure)}</p>
            <Button
              onClick={() => {
                void list.refetch();
                void current.refetch();
              }}
            >
              Try Again
            </Button>
          </section>
        )}
      </div>
    );
  }

  const running = current.data?.assessment ?? null;
  const groups = Object.entries(list.data?.groupedSummaries ?? {}).sort(
    ([a], [b]) => groupOrder.indexOf(a) - groupOrder.indexOf(b),
  );
  const history = list.data?.history ?? [];

  async function handleStart(question: AssessmentSummary) {
    setActionError(null);
    setStartingId(question.questionId);
    const answer = await start({ questionId: question.questionId });
    setStartingId(null);
    if ('error' in answer && answer.error) {
      setActionError(getApiErrorMessage(answer.error));
      return;
    }
    navigate(`/assessments/${question.questionId}`);
  }

  async function handleAbandon() {
    setActionError(null);
    const answer = await abandon();
    if ('error' in answer && answer.error) setActionError(getApiErrorMessage(answer.error));
  }

  return (
    <div className="assessments-page">
      {header}
      {actionError ? (
        <p className="assessments-error" role="alert">
          {actionError}
        </p>
      ) : null}

      {running ? (
        <section className="assessments-running" aria-labelledby="assessment-running-title">
          <h2 id="assessment-running-title">In progress: {running.name}</h2>
          <p>
            Time left: <AssessmentCountdown expiresAt={running.expiresAt ?? running.startedAt} />
          </p>
          <div className="assessments-actions">
            <LinkButton to={`/assessments/${running.questionId}`}>Continue</LinkButton>
            <Button variant="secondary" isLoading={abandoning.isLoading} onClick={() => void handleAbandon()}>
              Abandon
            </Button>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="assessment-history-title">
        <h2 id="assessment-history-title">Your history</h2>
        {history.length === 0 ? (
          <p>No assessments yet: start one above and your results will show here.</p>
        ) : (
          <div className="assessments-history">
            <table>
              <caption className="visually-hidden">Your assessments, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Question</th>
                  <th scope="col">Started</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {history.map((attempt) => (
                  <tr key={attempt.assessmentId} data-state={attempt.state}>
                    <th scope="row">
                      <Link to={`/assessments/${attempt.questionId}`}>{attempt.name}</Link>
                    </th>
                    <td>{whenText(attempt.startedAt)}</td>
                    <td>{stateText(attempt)}</td>
                    <td>
                      {attempt.result ? (
                        <span
                          className={`assessments-badge assessments-badge--${statusTheme(attempt.result.status)}`}
                        >
                          {resultText(attempt)}
                        </span>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="assessment-questions-title">
        <h2 id="assessment-questions-title">Choose a question</h2>
        {groups.length === 0 ? <p>No assessment questions are published yet.</p> : null}
        {groups.map(([group, questions], index) => (
          <section key={group} className="assessments-group" aria-labelledby={`assessment-group-${index}`}>
            <h3 id={`assessment-group-${index}`}>{group}</h3>
            <ul className="assessments-cards">
              {questions.map((question) => (
                <li key={question.questionId} className="assessments-card">
                  <h4 className="assessments-card__name">{question.name}</h4>
                  <p className="assessments-card__meta">
                    {question.category} · {minutesText(question.timeLimitSeconds)}
                  </p>
                  <p className="assessments-card__meta">
                    {question.attempts === 0
                      ? 'Not attempted yet'
                      : `${question.attempts} attempt${question.attempts === 1 ? '' : 's'}`}
                    {question.bestStatus ? (
                      <span
                        className={`assessments-badge assessments-badge--${statusTheme(question.bestStatus)}`}
                      >
                        Best: {question.bestStatus === 'CORRECT' ? 'all tests passed' : 'some tests failed'}
                      </span>
                    ) : null}
                  </p>
                  <Button
                    variant="secondary"
                    disabled={running !== null || starting.isLoading}
                    isLoading={startingId === question.questionId}
                    aria-label={`Start the ${question.name} assessment (${minutesText(question.timeLimitSeconds)})`}
                    title={running ? 'Finish or abandon the assessment in progress first' : undefined}
                    onClick={() => void handleStart(question)}
                  >
                    Start
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    </div>
  );
}
