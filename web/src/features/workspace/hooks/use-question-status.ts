import { nextQuestion, submissionIndicators } from '@app/contracts';
import { useListCodingQuestionsQuery, useListSubmissionsQuery } from '@/shared/api/problems-api';
import { useWorkspaceProduct } from '../workspace-product';
import type { WorkspaceQuestion } from '../workspace-question';

/** The question's latest submission as an indicator, and the next available question (if any). */
export function useQuestionStatus(question: WorkspaceQuestion, signedIn: boolean) {
  const { params, product } = useWorkspaceProduct();
  const list = useListCodingQuestionsQuery({ params });
  const submissions = useListSubmissionsQuery({ product }, { skip: !signedIn });

  const latestStatus = submissions.data?.submissions.find((s) => s.questionId === question.id)?.status;
  const indicator = submissionIndicators[latestStatus ?? 'none'];
  const available = (list.data?.questions ?? []).filter((q) => q.acl.isAvailable);
  const next = nextQuestion(available, question.id);

  return { indicator, nextQuestionId: next && next.id !== question.id ? next.id : undefined };
}
