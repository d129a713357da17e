import { useEffect, useMemo, useRef } from 'react';
import DOMPurify from 'dompurify';
import { marked } from 'marked';

type MarkdownProps = { text: string; className?: string };

/**
 * Content written in Markdown (prompts, walkthroughs, lessons), rendered to sanitised HTML: content is
 * ours, but it passes through the event store and a read model, so it is treated like any other input.
 * Fenced ```mermaid blocks become diagrams: the mermaid library is fetched (a chunk of its own) only
 * when a text has one, and the block's source stays shown if it cannot be drawn.
 */
export function Markdown({ text, className }: MarkdownProps) {
  const html = useMemo(
    () =>
      // A code block wider than the column scrolls: it takes the keyboard focus so it can scroll by keys.
      DOMPurify.sanitize(marked.parse(text, { async: false, gfm: true, breaks: false })).replaceAll(
        '<pre>',
        '<pre tabindex="0">',
      ),
    [text],
  );
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const blocks = root.current ? [...root.current.querySelectorAll('pre > code.language-mermaid')] : [];
    if (blocks.length === 0) return;
    let cancelled = false;
    void import('./mermaid-diagrams').then(({ drawDiagrams }) => {
      if (!cancelled) return drawDiagrams(blocks as HTMLElement[], () => cancelled);
    });
    return () => {
      cancelled = true;
    };
  }, [html]);
  return (
    <div
      ref={root}
      className={['markdown', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

type InlineMarkdownProps = { text: string; className?: string };

/**
 * One line of Markdown (a quiz prompt, a choice: emphasis and `code`, no blocks), rendered sanitised
 * inside a span, so it may stand where only phrasing content is allowed (a legend, a label).
 */
export function InlineMarkdown({ text, className }: InlineMarkdownProps) {
  const html = useMemo(
    () => DOMPurify.sanitize(marked.parseInline(text, { async: false, gfm: true })),
    [text],
  );
  return <span className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
