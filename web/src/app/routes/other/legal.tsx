import { PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader title="Legal stuff" eyebrow="Terms of service" lead="The rules for using the platform." />
      <section className="prose">
        <h2>Your account</h2>
        <p>
          An account belongs to one person. Account sharing is strictly prohibited, and one screen may use an
          account at a time.
        </p>
        <h2>Content</h2>
        <p>
          Lessons, questions, solutions and videos are for your own preparation and may not be republished.
        </p>
        <h2>Purchases</h2>
        <p>
          A purchase gives access to the products it names for the period it names. Team licences give one
          seat per key use.
        </p>
      </section>
    </>
  );
}
