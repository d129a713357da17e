import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

type Crumb = { label: string; to: string };

type PageHeaderProps = {
  title: string;
  /** The document title; the page heading otherwise. */
  documentTitle?: string;
  eyebrow?: string;
  lead?: ReactNode;
  crumbs?: readonly Crumb[];
  children?: ReactNode;
};

/** The top of an ordinary page: breadcrumbs, a small label, the one h1, and an introduction. */
export function PageHeader({ title, documentTitle, eyebrow, lead, crumbs, children }: PageHeaderProps) {
  return (
    <header className="page-header">
      <title>{`${documentTitle ?? title} · Interview Prep`}</title>
      {crumbs && crumbs.length > 0 ? (
        <nav aria-label="Breadcrumb" className="breadcrumbs">
          <ol>
            {crumbs.map((crumb) => (
              <li key={crumb.to}>
                <Link to={crumb.to}>{crumb.label}</Link>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {eyebrow ? <p className="page-header__eyebrow">{eyebrow}</p> : null}
      <h1>{title}</h1>
      {lead ? <p className="page-header__lead">{lead}</p> : null}
      {children}
    </header>
  );
}

type ComingPanelProps = { title: string; children: ReactNode; action?: ReactNode };

/** What a page will hold once its capability arrives, said plainly instead of an empty screen. */
export function ComingPanel({ title, children, action }: ComingPanelProps) {
  return (
    <section className="coming-panel" aria-label={title}>
      <span className="coming-panel__badge">Coming soon</span>
      <h2>{title}</h2>
      <div className="coming-panel__body">{children}</div>
      {action ? <div className="coming-panel__action">{action}</div> : null}
    </section>
  );
}

type CardGridProps = { children: ReactNode; label?: string };

export function CardGrid({ children, label }: CardGridProps) {
  return (
    <ul className="card-grid" aria-label={label}>
      {children}
    </ul>
  );
}

type LinkCardProps = { to: string; title: string; description: string; meta?: string };

/** A card whose whole surface is one link. */
export function LinkCard({ to, title, description, meta }: LinkCardProps) {
  return (
    <li className="link-card">
      <Link to={to} className="link-card__link">
        <span className="link-card__title">{title}</span>
        <span className="link-card__description">{description}</span>
        {meta ? <span className="link-card__meta">{meta}</span> : null}
      </Link>
    </li>
  );
}
