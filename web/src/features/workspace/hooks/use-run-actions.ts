import { useCallback, useRef, useState } from 'react';
import {
  type CodingLanguage,
  type SubmissionStatus,
  executionStatusOf,
  executionStatusOfRunError,
  INVALID_QUICK_TEST_INPUT_MESSAGE,
} from '@app/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import {
  useCreateSubmissionMutation,
  useRunCustomInputMutation,
  useRunSandboxMutation,
} from '@/shared/api/problems-api';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { useAppDispatch } from '@/shared/lib/store';
import type { RunAction, RunOutcome } from '../components/run-results';
import { useWorkspaceProduct } from '../workspace-product';
import type { WorkspaceQuestion } from '../workspace-question';

type ApiFailure = FetchBaseQueryError | SerializedError;

function errorCodeOf(error: ApiFailure): string | undefined {
  const data = 'status' in error ? (error.data as { code?: unknown } | undefined) : undefined;
  return typeof data?.code === 'string' ? data.code : undefined;
}

type UseRunActionsArgs = {
  question: WorkspaceQuestion;
  signedIn: boolean;
  isWhiteboardModeOn: boolean;
  language: CodingLanguage;
  code: string;
  slot: number;
};

/**
 * Running the learner's code (spec 5): Run Code on the visible tests, a quick test on the custom input
 * (JSON, checked before it leaves the page) and Submit Code on every test, recorded in the given slot.
 * One action at a time; a visitor is asked to sign in first; whiteboard mode only submits.
 */
export function useRunActions({
  question,
  signedIn,
  isWhiteboardModeOn,
  language,
  code,
  slot,
}: UseRunActionsArgs) {
  const dispatch = useAppDispatch();
  const [runSandbox] = useRunSandboxMutation();
  const [runCustomInput] = useRunCustomInputMutation();
  const [createSubmission] = useCreateSubmissionMutation();
  const { params: productParams } = useWorkspaceProduct();
  const [outcome, setOutcome] = useState<RunOutcome>({ kind: 'idle' });
  const [quickInput, setQuickInput] = useState(() =>
    JSON.stringify(question.tests?.[0]?.input ?? {}, null, 2),
  );
  const busy = useRef(false);

  const execute = useCallback(
    async (action: RunAction) => {
      if (!signedIn) {
        dispatch(
          signInModalOpened({
            text:
              action === 'run'
                ? 'Log in to run your code.'
                : 'Log in to submit your code and save your progress.',
          }),
        );
        return;
      }
      if (isWhiteboardModeOn && action !== 'submit') return;
      let quickTestInput: unknown;
      if (action === 'quick') {
        try {
          quickTestInput = JSON.parse(quickInput);
        } catch {
          // Spec 5: input that is not JSON never leaves the page; the learner is told where it goes
          // wrong. The parser that says so is loaded only then.
          const { describeJsonInputError } = await import('../utils/json-input-error');
          const problem = describeJsonInputError(quickInput) ?? 'The input is not valid JSON.';
          setOutcome({
            kind: 'refused',
            action,
            status: 'inputsInvalid',
            message: `${INVALID_QUICK_TEST_INPUT_MESSAGE}. ${problem}`,
          });
          return;
        }
      }
      // One action at a time: a double click or a repeated shortcut while judging does nothing.
      if (busy.current) return;
      busy.current = true;
      setOutcome({ kind: 'running', action });
      const request = { questionId: question.id, language, code, questionVersion: question.version };
      try {
        const result =
          action === 'run'
            ? await runSandbox({ params: productParams, request })
            : action === 'quick'
              ? await runCustomInput({ params: productParams, request: { ...request, input: quickInput } })
              : await createSubmission({
                  params: productParams,
                  idempotencyKey: crypto.randomUUID(),
                  request: { ...request, solutionNumber: slot },
                });
        if ('error' in result && result.error) {
          const errorCode = errorCodeOf(result.error);
          setOutcome({
            kind: 'refused',
            action,
            status: errorCode ? executionStatusOfRunError(errorCode) : 'unknownError',
            message: getApiErrorMessage(result.error),
          });
          return;
        }
        const response = result.data!;
        setOutcome({
          kind: 'judged',
          action,
          status: executionStatusOf(
            response,
            action === 'run' ? 'sandbox' : action === 'quick' ? 'singleTest' : 'submission',
          ),
          response,
          inputs: action === 'quick' ? [quickTestInput] : (question.tests ?? []).map((test) => test.input),
          submission:
            'submission' in response
              ? (response.submission as { status: SubmissionStatus }).status
              : undefined,
        });
      } finally {
        busy.current = false;
      }
    },
    [
      signedIn,
      isWhiteboardModeOn,
      question,
      language,
      code,
      slot,
      quickInput,
      runSandbox,
      runCustomInput,
      createSubmission,
      dispatch,
      productParams,
    ],
  );

  const clearOutcome = useCallback(() => setOutcome({ kind: 'idle' }), []);

  return {
    outcome,
    execute,
    clearOutcome,
    quickInput,
    changeQuickInput: setQuickInput,
  };
}
