import { Link } from 'react-router-dom';
import { signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { useAppDispatch } from '@/shared/lib/store';
import { PageHeader } from '@/shared/ui/page';

/** The student page: students log in with GitHub and their student status is checked at sign-in. */
export function Component() {
  const dispatch = useAppDispatch();

  function handleVerify() {
    dispatch(
      signInModalOpened({
        text: 'Log in with the GitHub account of your student pack to claim your access.',
        checkStudent: true,
      }),
    );
  }

  return (
    <>
      <PageHeader
        title="For students"
        eyebrow="GitHub Student Developer Pack"
        lead="Students with the GitHub Student Developer Pack get AlgoExpert's coding interview preparation."
      />
      <section className="prose">
        <ol>
          <li>Log in with the GitHub account that holds your student pack.</li>
          <li>We check your student status as you sign in.</li>
          <li>Your access shows on your account page.</li>
        </ol>
        <p>
          <button type="button" className="button button--primary" onClick={handleVerify}>
            Claim student access
          </button>
        </p>
        <p>
          Your school gave you a licence key instead? <Link to="/license-key">Redeem it here</Link>.
        </p>
      </section>
    </>
  );
}
