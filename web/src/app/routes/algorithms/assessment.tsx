import { useParams } from 'react-router-dom';
import { AssessmentPage } from '@/features/assessments/components/assessment-page';
import { WorkspacePage } from '@/features/workspace/components/workspace-page';

/**
 * `/assessments/:questionId`: the assessments feature decides what shows; while the assessment runs it
 * is the coding workspace in its timed mode, composed here so neither feature imports the other.
 */
export function Component() {
  const { questionId = '' } = useParams();
  return (
    <AssessmentPage
      questionId={questionId}
      renderWorkspace={(id, timed) => <WorkspacePage questionId={id} timed={timed} />}
    />
  );
}
