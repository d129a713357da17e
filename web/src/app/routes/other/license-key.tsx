import { ComingPanel, PageHeader } from '@/shared/ui/page';

/** Where a team member (or a student, from /student) redeems a licence key. */
export function Component() {
  return (
    <>
      <PageHeader
        title="Redeem a licence key"
        eyebrow="Teams and students"
        lead="Got a key from your team or school? Apply it to your account to unlock its products."
      />
      <ComingPanel title="Key redemption opens soon">
        <p>Log in, paste your key, and the products it grants appear on your account at once.</p>
      </ComingPanel>
    </>
  );
}
