import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Account overview"
        eyebrow="Account"
        lead="Your profile, sign-in method and the products you own."
      />
      <ComingPanel title="Your account details arrive soon">
        <p>Name, email, avatar and username, with the provider you sign in with.</p>
      </ComingPanel>
    </>
  );
}
