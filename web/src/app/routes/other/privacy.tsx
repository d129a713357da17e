import { PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Privacy policy"
        eyebrow="Your data"
        lead="What we keep, why, and how to have it erased."
      />
      <section className="prose">
        <h2>What we keep</h2>
        <p>
          Your name, email and avatar from the provider you sign in with, and your progress, submissions and
          purchases.
        </p>
        <h2>What we do not do</h2>
        <p>We never post anything anywhere on your behalf, and we do not sell your data.</p>
        <h2>Erasing your data</h2>
        <p>
          Wiping your account from the account data page removes your personal details and every sign-in
          token.
        </p>
      </section>
    </>
  );
}
