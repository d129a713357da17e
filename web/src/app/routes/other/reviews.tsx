import { PageHeader } from '@/shared/ui/page';

const themes = [
  {
    title: 'Structured practice',
    detail: 'Learners tell us a clear path through the questions is what kept them going.',
  },
  { title: 'Explanations that stick', detail: 'The video walkthroughs are the part most often mentioned.' },
  { title: 'A real workspace', detail: 'Running code against tests before the interview builds confidence.' },
];

export function Component() {
  return (
    <>
      <PageHeader
        title="Reviews"
        eyebrow="Testimonials"
        lead="What learners say after their interviews. Individual testimonials are published here with their consent."
      />
      <ul className="card-grid">
        {themes.map((theme) => (
          <li key={theme.title} className="link-card">
            <div className="link-card__link">
              <h2 className="link-card__title">{theme.title}</h2>
              <p className="link-card__description">{theme.detail}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
