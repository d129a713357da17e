import { PageHeader } from '@/shared/ui/page';

const roles = [
  {
    title: 'Instructors',
    detail: 'Engineers who have run hundreds of interviews write and record every lesson.',
  },
  { title: 'Reviewers', detail: 'Every solution is checked in each workspace language before it ships.' },
  { title: 'Builders', detail: 'A small product team builds the workspace, the courses and this site.' },
];

export function Component() {
  return (
    <>
      <PageHeader
        title="Team"
        eyebrow="Who we are"
        lead="We are engineers who were once on both sides of the interview table."
      />
      <ul className="card-grid">
        {roles.map((role) => (
          <li key={role.title} className="link-card">
            <div className="link-card__link">
              <h2 className="link-card__title">{role.title}</h2>
              <p className="link-card__description">{role.detail}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
