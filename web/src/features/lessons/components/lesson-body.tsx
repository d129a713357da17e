import { Fragment, useMemo } from 'react';
import { marked } from 'marked';
import type { ProblemProductId } from '@app/contracts';
import { Markdown } from '@/shared/ui/markdown';
import { RunnableExample, isRunnable } from './runnable-example';

type LessonBodyProps = {
  product: ProblemProductId;
  lessonId: string;
  body: string;
  className?: string;
};

type Part = { kind: 'markdown'; text: string } | { kind: 'example'; code: string; index: number };

/**
 * A lesson's text. In the frontend's crash courses each JavaScript example that runs outside a page (no
 * `document`, `window`...) becomes a runnable example: editable, run on the server (run-repl), the
 * learner's version kept in the user data (`crashCourseUserCode`). Everywhere else, the Markdown as is.
 */
export function LessonBody({ product, lessonId, body, className }: LessonBodyProps) {
  const parts = useMemo(() => (product === 'frontendexpert' ? splitExamples(body) : null), [product, body]);
  if (!parts || !parts.some((part) => part.kind === 'example'))
    return <Markdown text={body} className={className} />;
  return (
    <div className={className}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part.kind === 'markdown' ? (
            <Markdown text={part.text} />
          ) : (
            <RunnableExample lessonId={lessonId} index={part.index} code={part.code} />
          )}
        </Fragment>
      ))}
    </div>
  );
}

/** The body cut at its runnable code blocks (marked's own tokens, so fences inside lists stay whole). */
function splitExamples(body: string): Part[] {
  const parts: Part[] = [];
  let text = '';
  let index = 0;
  for (const token of marked.lexer(body)) {
    if (token.type === 'code' && isRunnable(token.lang, token.text)) {
      if (text.trim()) parts.push({ kind: 'markdown', text });
      text = '';
      parts.push({ kind: 'example', code: token.text, index: index++ });
    } else text += token.raw;
  }
  if (text.trim()) parts.push({ kind: 'markdown', text });
  return parts;
}
