import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader title="Purchase confirmation" eyebrow="Purchase" lead="Thank you for your purchase." />
      <ComingPanel title="Order details arrive soon">
        <p>Your receipt and the products you just unlocked will show here after checkout.</p>
      </ComingPanel>
    </>
  );
}
