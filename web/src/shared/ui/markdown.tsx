import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { marked } from 'marked';

type MarkdownProps = { text: string; className?: string };

/**
 * Content written in Markdown (prompts, walkthroughs, lessons), rendered to sanitised HTML: content is
 * ours, but it passes through the event store and a read model, so it is treated like any other input.
 */
export function Markdown({ text, className }: MarkdownProps) {
  const html = useMemo(
    () => DOMPurify.sanitize(marked.parse(text, { async: false, gfm: true, breaks: false })),
    [text],
  );
  return (
    <div
      className={['markdown', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
