import { useId, useState, type FormEvent } from 'react';
import { usernameSchema } from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { useCurrentUser } from '@/shared/auth/session';
import { Button } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import { useSetUsernameMutation } from '../api/profile-api';
import './account.css';

const providerNames: Record<string, string> = {
  default: 'Email',
  facebook: 'Facebook',
  fake: 'Test sign-in',
  github: 'GitHub',
  google: 'Google',
  linkedin: 'LinkedIn',
};

/** The signed-in account's profile (spec 3, User info) and its public username, which it may change. */
export function ProfileSummary() {
  const { data: user, isLoading, isError, refetch } = useCurrentUser();
  if (isLoading) return <Loader label="Loading your account" />;
  if (isError || !user) {
    return (
      <section className="account-panel" role="alert">
        <p>Your account details could not be loaded.</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </section>
    );
  }
  return (
    <section className="account-panel account-profile" aria-labelledby="profile-heading">
      <div className="account-profile__head">
        {user.avatarUrl ? (
          <img className="account-profile__avatar" src={user.avatarUrl} alt="" width={56} height={56} />
        ) : (
          <span className="account-profile__avatar account-profile__avatar--initial" aria-hidden="true">
            {(user.name ?? user.username ?? '?').slice(0, 1).toUpperCase()}
          </span>
        )}
        <h2 id="profile-heading">{user.name ?? user.username ?? 'Your profile'}</h2>
      </div>
      <dl className="account-facts">
        <div>
          <dt>Email</dt>
          <dd>{user.email ?? 'Not shared by your sign-in provider'}</dd>
        </div>
        <div>
          <dt>Signs in with</dt>
          <dd>{providerNames[user.oauthProvider] ?? user.oauthProvider}</dd>
        </div>
        <div>
          <dt>Username</dt>
          <dd data-testid="profile-username">{user.username ?? 'None yet'}</dd>
        </div>
      </dl>
      <UsernameForm current={user.username} />
    </section>
  );
}

function UsernameForm({ current }: { current: string | null }) {
  const inputId = useId();
  const statusId = useId();
  const [value, setValue] = useState(current ?? '');
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const [save, state] = useSetUsernameMutation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = usernameSchema.safeParse(value);
    if (!parsed.success) {
      setMessage({ text: parsed.error.issues[0].message, isError: true });
      return;
    }
    try {
      const answer = await save({ username: parsed.data }).unwrap();
      setMessage({ text: `Your username is now ${answer.username}.`, isError: false });
    } catch (caught) {
      setMessage({
        text: getApiErrorMessage(caught as Parameters<typeof getApiErrorMessage>[0]),
        isError: true,
      });
    }
  }

  return (
    <form className="account-form" onSubmit={(event) => void handleSubmit(event)} aria-label="Username">
      <label htmlFor={inputId}>Public username</label>
      <div className="account-form__row">
        <input
          id={inputId}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="username"
          spellCheck={false}
          aria-describedby={statusId}
          aria-invalid={message?.isError ? true : undefined}
        />
        <Button type="submit" variant="secondary" isLoading={state.isLoading}>
          Save username
        </Button>
      </div>
      <p
        id={statusId}
        className="account-form__status"
        role="status"
        data-error={message?.isError ? 'true' : undefined}
      >
        {message?.text ?? '3 to 30 letters, digits, dots, dashes or underscores.'}
      </p>
    </form>
  );
}
