import { Link } from 'react-router-dom';
import { navigationProducts } from '@/shared/catalog/products';
import { PageHeader } from '@/shared/ui/page';

/** The content index: every product's parts, one section per theme (the drawer links to `#<theme>`). */
export function Component() {
  const ownProducts = navigationProducts.filter((product) => !product.isExternal);
  return (
    <>
      <PageHeader
        title="Content"
        eyebrow="Everything we teach"
        lead="Every course, question list and quiz, by product."
      />
      <div className="content-index">
        {ownProducts.map((product) => (
          <section
            key={product.id}
            id={product.theme}
            data-theme={product.theme}
            className="content-index__product"
            aria-labelledby={`content-${product.id}`}
          >
            <h2 id={`content-${product.id}`}>
              <Link to={product.productPath}>{product.name}</Link>
            </h2>
            <p className="muted">{product.subject}</p>
            <ul className="pill-list">
              {product.sections.map((section) => (
                <li key={section.id}>
                  <Link to={section.path}>{section.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section id="behavioral" className="content-index__product" aria-labelledby="content-behavioral">
          <h2 id="content-behavioral">
            <Link to="/behavioral-interviews">Behavioral interviews</Link>
          </h2>
          <p className="muted">For every track</p>
        </section>
      </div>
    </>
  );
}
