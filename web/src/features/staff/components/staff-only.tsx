import type { ReactNode } from 'react';
import { useCurrentUser } from '@/shared/auth/session';
import { Loader } from '@/shared/ui/loader';
import { PageHeader } from '@/shared/ui/page';
import './staff.css';

/**
 * The management area for staff only: anyone else signed in is told so once, instead of every panel
 * answering with the calls' refusal. (The calls refuse them anyway; this is what the page says.)
 */
export function StaffOnly({ children }: { children: ReactNode }) {
  const { data: user, isLoading } = useCurrentUser();
  if (isLoading) return <Loader label="Checking your access" />;
  if (!user?.roles.includes('staff')) {
    return (
      <div className="staff">
        <PageHeader title="Management" eyebrow="Staff" />
        <section className="staff__panel" aria-label="Access">
          <p role="alert">The management area is for staff only.</p>
          <p>Sign in with a staff account, or ask a staff member to grant your account the staff role.</p>
        </section>
      </div>
    );
  }
  return children;
}
