import { Fragment, useMemo } from 'react';
import { marked } from 'marked';
import type { ProblemProductId } from '@app/contracts';
import { Markdown } from '@/shared/ui/markdown';
import { PageExample, isPageExample } from './page-example';
import { RunnableExample, isRunnable } from './runnable-example';

type LessonBodyProps = {
  product: ProblemProductId;
  lessonId: string;
  body: string;
  className?: string;
};

type Part =
  | { kind: 'markdown'; text: string }
  | { kind: 'example' | 'page'; code: string; index: number; number: number };

/**
 * A lesson's text. In the frontend's crash courses each JavaScript example that runs outside a page (no
 * `document`, `window`...) becomes a runnable example: editable, run on the server (run-repl); each page
 * the lesson marks runnable (```html runnable) becomes a live page example rendered in a sandboxed frame.
 * The learner's versions are kept in the user data (`crashCourseUserCode`). Elsewhere, the Markdown as is.
 */
export function LessonBody({ product, lessonId, body, className }: LessonBodyProps) {
  const parts = useMemo(() => (product === 'frontendexpert' ? splitExamples(body) : null), [product, body]);
  if (!parts || !parts.some((part) => part.kind !== 'markdown'))
    return <Markdown text={body} className={className} />;
  return (
    <div className={className}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part.kind === 'markdown' ? (
            <Markdown text={part.text} />
          ) : part.kind === 'page' ? (
            <PageExample lessonId={lessonId} index={part.index} number={part.number} code={part.code} />
          ) : (
            <RunnableExample lessonId={lessonId} index={part.index} number={part.number} code={part.code} />
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
  // Program and page examples are kept under keys of their own kind; the learner reads one numbering.
  const counts = { example: 0, page: 0 };
  for (const token of marked.lexer(body)) {
    const kind =
      token.type !== 'code'
        ? null
        : isPageExample(token.lang)
          ? 'page'
          : isRunnable(token.lang, token.text)
            ? 'example'
            : null;
    if (kind && token.type === 'code') {
      if (text.trim()) parts.push({ kind: 'markdown', text });
      text = '';
      const number = counts.example + counts.page + 1;
      parts.push({ kind, code: token.text, index: counts[kind]++, number });
    } else text += token.raw;
  }
  if (text.trim()) parts.push({ kind: 'markdown', text });
  return parts;
}
