import { Link } from 'react-router-dom';
import { useIsSignedInHere } from '@/shared/auth/session-slice';
import { Button } from '@/shared/ui/button';
import { productIndex } from '@/shared/catalog/product-index';
import {
  useGenerateCertificateMutation,
  useGetMyCertificatesQuery,
  useGetUnlocksQuery,
} from '../api/progress-api';
import './progress.css';

type ProgressSummaryProps = {
  product:
    | 'algoexpert'
    | 'systemsexpert'
    | 'mlexpert'
    | 'frontendexpert'
    | 'infraexpert'
    | 'iosexpert'
    | 'blockchainexpert';
};

type IssuedCertificate = {
  version: string;
  certificateId?: string;
  product?: string;
  issuedAt?: string;
  url?: string;
};

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** The public page that tells anyone whether a certificate id was issued (the PDF prints its id). */
export const certificatePagePath = (certificateId: string) => `/certificates/${certificateId}`;

/**
 * The learner's way to a product's certificate (spec 3, Unlock progress and Certificate): how many of
 * the published questions they completed, their daily streak, and once every question is done a
 * button that issues the certificate and a link to its PDF, beside the certificates they already
 * hold. Signed-out visitors get a one-line invitation instead.
 */
export function ProgressSummary({ product }: ProgressSummaryProps) {
  const signedIn = useIsSignedInHere();
  if (!signedIn) {
    return (
      <p className="progress-summary__invitation">
        Sign in to track your progress and earn the {productIndex[product].name} certificate.
      </p>
    );
  }
  return <SignedInProgress product={product} />;
}

function SignedInProgress({ product }: ProgressSummaryProps) {
  const unlocks = useGetUnlocksQuery({ params: { product } });
  const certificates = useGetMyCertificatesQuery();
  const [generate, generated] = useGenerateCertificateMutation();

  if (unlocks.isLoading) {
    return (
      <section className="progress-summary" aria-label="Your progress" aria-busy="true">
        <p className="progress-summary__note">Loading your progress…</p>
      </section>
    );
  }
  if (!unlocks.data) {
    return (
      <section className="progress-summary" aria-label="Your progress">
        <p className="progress-summary__note">
          Your progress could not be loaded; reload the page to try again.
        </p>
      </section>
    );
  }

  const data = unlocks.data;
  const version = data.latestCertVersion;
  const name = productIndex[product].name;
  // Blockchain counts its lessons' practice questions and its course assessments; the others, questions.
  const bars =
    product === 'blockchainexpert'
      ? [
          {
            label: 'Practice questions answered right',
            completed: data.numPracticeQuestionsCompleted ?? 0,
            required: data.numPracticeQuestionsRequired ?? 0,
          },
          {
            label: 'Assessment questions answered right',
            completed: data.numAssessmentQuestionsCompleted ?? 0,
            required: data.numAssessmentQuestionsRequired ?? 0,
          },
        ]
      : (data.numQuestionsRequired ?? 0) > 0
        ? [
            {
              label: 'Questions completed',
              completed: data.numQuestionsCompleted ?? 0,
              required: data.numQuestionsRequired ?? 0,
            },
          ]
        : [];
  const howToEarn =
    product === 'blockchainexpert'
      ? `Answer every practice question and every course assessment question right to earn the ${name} certificate (version ${version}).`
      : bars.length === 0 && data.quizScoreRequired
        ? `Score ${data.quizScoreRequired}% or more on the quiz to earn the ${name} certificate (version ${version}).`
        : data.quizScoreRequired
          ? `Complete every question and score ${data.quizScoreRequired}% or more on the quiz to earn the ${name} certificate (version ${version}).`
          : `Complete every question to earn the ${name} certificate (version ${version}).`;
  const held = ((certificates.data?.certificates ?? []) as IssuedCertificate[]).filter(
    (certificate) => certificate.product === product,
  );
  const latest = held.find((certificate) => certificate.version === version);
  const downloadUrl = generated.data?.url ?? latest?.url;

  async function handleGenerate() {
    await generate({ data: {}, type: product })
      .unwrap()
      .catch(() => undefined);
  }

  return (
    <section className="progress-summary" aria-label="Your progress">
      <div className="progress-summary__counts">
        {bars.map((bar) => (
          <ProgressBar key={bar.label} {...bar} />
        ))}
        {unlocks.data.quizScoreRequired ? (
          <p className="progress-summary__quiz">
            Quiz: best score {unlocks.data.quizScore ?? 0}% ({unlocks.data.quizScoreRequired}% needed)
          </p>
        ) : null}
        {/* Streaks count days with a submission: shown once there has been one (iOS has none to make). */}
        {(unlocks.data.longestStreakDays ?? 0) > 0 ? (
          <p className="progress-summary__streak">
            Current streak: {days(unlocks.data.currentStreakDays ?? 0)} · Longest streak:{' '}
            {days(unlocks.data.longestStreakDays ?? 0)}
          </p>
        ) : null}
      </div>
      {unlocks.data.hasUnlockedLatestCert || downloadUrl ? (
        <div className="progress-summary__certificate">
          {downloadUrl ? (
            <a
              className="button button--primary"
              href={downloadUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              Download Certificate
            </a>
          ) : (
            <Button onClick={handleGenerate} isLoading={generated.isLoading}>
              Generate Certificate
            </Button>
          )}
          {generated.isError ? (
            <p className="progress-summary__error" role="alert">
              The certificate could not be issued; try again.
            </p>
          ) : null}
        </div>
      ) : (
        <p className="progress-summary__note">{howToEarn}</p>
      )}
      {held.length > 0 ? (
        <div className="progress-summary__held">
          <p className="progress-summary__held-title">Your certificates</p>
          <ul>
            {held.map((certificate) => (
              <li key={certificate.certificateId ?? certificate.version}>
                {productIndex[product].name} version {certificate.version}
                {certificate.issuedAt ? `, issued ${certificate.issuedAt.slice(0, 10)}` : ''}:{' '}
                {certificate.url ? (
                  <a href={certificate.url} target="_blank" rel="noopener noreferrer">
                    PDF
                  </a>
                ) : null}
                {certificate.certificateId ? (
                  <>
                    {' · '}
                    <Link to={certificatePagePath(certificate.certificateId)}>Verification page</Link>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** One count towards the certificate: "12 / 40 practice questions answered right" over a bar. */
function ProgressBar({ label, completed, required }: { label: string; completed: number; required: number }) {
  const percent = required > 0 ? Math.round((completed / required) * 100) : 0;
  return (
    <>
      <p className="progress-summary__completed">
        <strong>
          {completed} / {required}
        </strong>{' '}
        {label.toLowerCase()}
      </p>
      <div
        className="progress-summary__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={required}
        aria-valuenow={completed}
        aria-valuetext={`${completed} of ${required} ${label.toLowerCase()}`}
      >
        <span className="progress-summary__fill" style={{ width: `${percent}%` }} />
      </div>
    </>
  );
}
