import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import { type GlossaryItem, type ProblemProductId, lessonKindOfSection } from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { products } from '@/shared/catalog/products';
import { Button } from '@/shared/ui/button';
import { InlineMarkdown } from '@/shared/ui/markdown';
import { useGetGlossaryQuery } from '../glossary-api';
import './glossary.css';

type GlossaryProps = { product: ProblemProductId };

const anchorOf = (termId: string) => `glossary-${termId}`;

/** Whether a term matches what the learner typed: in its name first, else in its definition. */
const matches = (item: GlossaryItem, query: string) =>
  item.term.toLowerCase().includes(query) || item.definition.toLowerCase().includes(query);

/**
 * A product's glossary on its index page: the terms A to Z with their definitions, a filter, the related
 * terms (links within the list) and the lesson that explains each one further. A product without a
 * glossary shows nothing.
 */
export function Glossary({ product }: GlossaryProps) {
  const glossary = useGetGlossaryQuery({ params: { product } });
  const [filter, setFilter] = useState('');
  const query = filter.trim().toLowerCase();
  const items = glossary.data?.items ?? [];
  if (glossary.isSuccess && items.length === 0) return null;
  const shown = query ? items.filter((item) => matches(item, query)) : items;
  const names = new Map(items.map((item) => [item.id, item.term]));
  const lessonPath = (lesson: NonNullable<GlossaryItem['lesson']>) => {
    const section = products[product].sections.find((s) => lessonKindOfSection(s.id) === lesson.section);
    return section ? `${section.path}/${lesson.id}` : undefined;
  };
  /** A related term may be filtered out: the filter is cleared (rendered at once) before the link lands on it. */
  const showTerm = () => flushSync(() => setFilter(''));

  return (
    <section className="glossary" aria-labelledby="glossary-heading">
      <h2 id="glossary-heading">Glossary</h2>
      {glossary.isLoading ? (
        <p className="glossary__note" aria-busy="true">
          Loading the glossary…
        </p>
      ) : glossary.isError ? (
        <div className="glossary__note" role="alert">
          <p>{getApiErrorMessage(glossary.error)}</p>
          <Button variant="secondary" onClick={() => void glossary.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <p className="glossary__note">The {items.length} terms this track uses, A to Z.</p>
          <label className="glossary__filter">
            <span>Find a term</span>
            <input
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder="e.g. latency, quorum"
            />
          </label>
          <p className="glossary__count" role="status">
            {query ? `${shown.length} of ${items.length} terms match` : `${items.length} terms`}
          </p>
          {shown.length === 0 ? (
            <p className="glossary__note">No term matches “{filter.trim()}”. Try a shorter word.</p>
          ) : (
            <dl className="glossary__list">
              {shown.map((item) => {
                const path = item.lesson ? lessonPath(item.lesson) : undefined;
                return (
                  <div key={item.id} id={anchorOf(item.id)} className="glossary__entry">
                    <dt>{item.term}</dt>
                    <dd>
                      <InlineMarkdown text={item.definition} className="glossary__definition" />
                      {item.seeAlso.length > 0 || (item.lesson && path) ? (
                        <p className="glossary__links">
                          {item.seeAlso.length > 0 ? (
                            <span>
                              See also:{' '}
                              {item.seeAlso.map((id, index) => (
                                <span key={id}>
                                  {index > 0 ? ', ' : ''}
                                  <a href={`#${anchorOf(id)}`} onClick={showTerm}>
                                    {names.get(id) ?? id}
                                  </a>
                                </span>
                              ))}
                            </span>
                          ) : null}
                          {item.lesson && path ? (
                            <Link to={path} className="glossary__lesson">
                              Lesson: {item.lesson.title}
                            </Link>
                          ) : null}
                        </p>
                      ) : null}
                    </dd>
                  </div>
                );
              })}
            </dl>
          )}
        </>
      )}
    </section>
  );
}
