import { SignInGate } from '@/features/auth/components/sign-in-gate';
import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader title="Recruiting profile" eyebrow="Recruiting" lead="Let companies that hire find you." />
      <SignInGate reason="Log in to build your recruiting profile.">
        <ComingPanel title="Profiles open soon">
          <p>Your experience, skills and preferences, saved as you type and shared only with your consent.</p>
        </ComingPanel>
      </SignInGate>
    </>
  );
}
