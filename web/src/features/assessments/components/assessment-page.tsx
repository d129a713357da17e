import { type ReactNode, useCallback } from 'react';
import { Link } from 'react-router-dom';
import { difficultyLabels } from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { useAppDispatch } from '@/shared/lib/store';
import { Button, LinkButton } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import { NotFound } from '@/shared/ui/not-found';
import { PageHeader } from '@/shared/ui/page';
import {
  assessmentsApi,
  useAbandonCurrentAssessmentMutation,
  useGetAssessmentDetailsQuery,
  useGetCurrentAssessmentQuery,
  useStartAssessmentMutation,
} from '../assessments-api';
import { minutesText, resultText, stateText, statusTheme, whenText } from '../assessment-format';
import { errorStatusOf } from '../error-status';
import { AssessmentCountdown } from './assessment-countdown';
import './assessments.css';

/** What the timed workspace is given: where it leads back to, its bar's countdown, what Submit does. */
export type TimedWorkspace = { backTo: string; backLabel: string; barSlot: ReactNode; notice: string };

type AssessmentPageProps = {
  questionId: string;
  /** The coding workspace in its timed mode, composed by the app (features do not import each other). */
  renderWorkspace: (questionId: string, timed: TimedWorkspace) => ReactNode;
};

const crumbs = [
  { label: 'AlgoExpert', to: '/product' },
  { label: 'Assessments', to: '/assessments' },
];

/**
 * `/assessments/:questionId`: while this question's assessment runs, the workspace under a countdown
 * (Submit Code ends it); otherwise the question's time limit, a Start button and the learner's results
 * on it, the latest first. A question that does not exist shows the spec's not-found text with 'Back To
 * Index'.
 */
export function AssessmentPage({ questionId, renderWorkspace }: AssessmentPageProps) {
  const details = useGetAssessmentDetailsQuery({ questionId });
  const current = useGetCurrentAssessmentQuery();
  const [start, starting] = useStartAssessmentMutation();
  const [abandon, abandoning] = useAbandonCurrentAssessmentMutation();
  const dispatch = useAppDispatch();
  // When the countdown ends, the server's answers say the assessment is over (timed out).
  const handleExpired = useCallback(
    () => void dispatch(assessmentsApi.util.invalidateTags(['Assessments'])),
    [dispatch],
  );
  const running = current.data?.assessment ?? null;
  const runningHere = running !== null && running.questionId === details.data?.id;

  // Just started elsewhere (the list's Start): wait for the fresh answer rather than offer Start again.
  if (details.isLoading || current.isLoading || (current.isFetching && !runningHere)) {
    return (
      <div className="assessment-status">
        <Loader label="Loading the assessment" size="large" />
      </div>
    );
  }
  if (details.error) {
    const status = errorStatusOf(details.error);
    if (status === 404) return <NotFound backTo="/assessments" variant="assessment" />;
    return (
      <div className="assessment-status">
        <PageHeader
          title={status === 403 ? 'Assessments are part of AlgoExpert' : 'Assessment unavailable'}
          crumbs={crumbs}
        />
        {status === 403 ? (
          <p className="assessments-actions">
            <LinkButton to="/purchase">Get AlgoExpert</LinkButton>
            <LinkButton variant="secondary" to="/assessments">
              Back To Index
            </LinkButton>
          </p>
        ) : (
          <div role="alert">
            <p>{getApiErrorMessage(details.error)}</p>
            <Button onClick={() => void details.refetch()}>Try Again</Button>
          </div>
        )}
      </div>
    );
  }
  const question = details.data!;

  if (runningHere && running.expiresAt) {
    const barSlot = (
      <div className="assessment-bar" role="group" aria-label="Assessment">
        <span className="assessment-bar__label">Time left</span>
        <AssessmentCountdown expiresAt={running.expiresAt} onExpired={handleExpired} />
        <Button variant="secondary" isLoading={abandoning.isLoading} onClick={() => void abandon()}>
          Abandon
        </Button>
      </div>
    );
    return renderWorkspace(question.id, {
      backTo: '/assessments',
      backLabel: 'Assessments',
      barSlot,
      notice:
        'Assessment: Run Code checks the visible tests as often as you like; Submit Code judges every test and ends the assessment.',
    });
  }

  const latest = question.attempts[0];
  const startError = starting.error ? getApiErrorMessage(starting.error) : null;
  return (
    <div className="assessments-page assessment-start">
      <PageHeader
        title={question.name}
        documentTitle={`${question.name} assessment`}
        eyebrow={`Assessment · ${difficultyLabels[question.difficulty]}`}
        crumbs={crumbs}
        lead={`${question.category}. You have ${minutesText(question.timeLimitSeconds)} from the moment you start; one submission ends the assessment.`}
      />
      {latest && latest.state !== 'running' ? (
        <section className="assessments-panel assessment-result" aria-labelledby="assessment-result-title">
          <h2 id="assessment-result-title">Latest result: {stateText(latest)}</h2>
          <p>
            {latest.result ? (
              <span className={`assessments-badge assessments-badge--${statusTheme(latest.result.status)}`}>
                {resultText(latest)}
              </span>
            ) : (
              'Nothing was submitted.'
            )}
          </p>
          <p>
            <Link to="/assessments">See your history</Link>
          </p>
        </section>
      ) : null}
      {running && !runningHere ? (
        <section className="assessments-panel" aria-label="Another assessment">
          <p>Another assessment is running: {running.name}. Finish or abandon it before starting this one.</p>
          <LinkButton to={`/assessments/${running.questionId}`}>Continue {running.name}</LinkButton>
        </section>
      ) : (
        <section className="assessments-panel" aria-label="Start">
          {startError ? <p role="alert">{startError}</p> : null}
          <Button isLoading={starting.isLoading} onClick={() => void start({ questionId: question.id })}>
            {latest ? 'Start Again' : 'Start Assessment'}
          </Button>
        </section>
      )}
      <section aria-labelledby="assessment-attempts-title">
        <h2 id="assessment-attempts-title">Your attempts</h2>
        {question.attempts.length === 0 ? (
          <p>You have not taken this assessment yet.</p>
        ) : (
          <ul className="assessment-attempts">
            {question.attempts.map((attempt) => (
              <li key={attempt.assessmentId}>
                {whenText(attempt.startedAt)} · {stateText(attempt)}
                {attempt.result ? ` · ${resultText(attempt)}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
