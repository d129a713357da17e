import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { selectIsSignedIn } from '@/shared/auth/session-slice';
import { useAppDispatch, useAppSelector } from '@/shared/lib/store';
import { productIndex } from '@/shared/catalog/product-index';
import { Button } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page';
import { useApplyLicenseKeyMutation } from '../api/licences-api';
import './licences.css';

/** /license-key (also /student): a learner enters a key from their team or school and sees what it unlocked. */
export function LicenseKeyPage() {
  const dispatch = useAppDispatch();
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const inputId = useId();
  const [keyCode, setKeyCode] = useState('');
  const [apply, result] = useApplyLicenseKeyMutation();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isSignedIn) {
      dispatch(signInModalOpened({ text: 'Log in to redeem your licence key.' }));
      return;
    }
    void apply({ keyCode });
  }

  return (
    <>
      <PageHeader
        title="Redeem a licence key"
        eyebrow="Teams and students"
        lead="Got a key from your team or school? Apply it to your account to unlock its products."
      />
      <form className="licence-panel licence-form" onSubmit={handleSubmit} aria-label="Licence key">
        <label htmlFor={inputId}>Licence key</label>
        <div className="licence-form__row">
          <input
            id={inputId}
            name="keyCode"
            value={keyCode}
            onChange={(event) => setKeyCode(event.target.value)}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            autoComplete="off"
            spellCheck={false}
            required
          />
          <Button type="submit" isLoading={result.isLoading}>
            Apply key
          </Button>
        </div>
        <div role="status" className="licence-form__status">
          {result.isError ? (
            <p className="licence-error">{getApiErrorMessage(result.error)}</p>
          ) : result.data ? (
            <>
              <p>Your key is applied. It unlocked:</p>
              <ul className="licence-unlocked">
                {result.data.grantedProducts.map((product) => (
                  <li key={product}>
                    <Link to={productIndex[product].indexPath ?? productIndex[product].productPath}>
                      {productIndex[product].name}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </form>
      <p>
        A student with the GitHub Student Developer Pack?{' '}
        <Link to="/github-students">Claim student access</Link>.
      </p>
    </>
  );
}
