import { useId, useState, type FormEvent } from 'react';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { useSetPricingRegionMutation } from '../api/commerce-api';
import { currencyName, regionName } from '../utils/regions';

type Region = { code: string; currency: string };

type RegionPickerProps = {
  /** The region the prices are in now. */
  current: string;
  regions: readonly Region[];
  /** Signed-out visitors see the default region's prices and are told how to change it. */
  isSignedIn: boolean;
};

const describe = (region: Region) => `${regionName(region.code)} (${currencyName(region.currency)})`;

/**
 * Which region the prices are in, and for a signed-in account a choice of another: the account's
 * region (user info) changes, and every price on the site follows.
 */
export function RegionPicker({ current, regions, isSignedIn }: RegionPickerProps) {
  const selectId = useId();
  const statusId = useId();
  // What the learner picked and has not applied yet; the select shows the current region otherwise.
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? current;
  const [setRegion, state] = useSetPricingRegionMutation();
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const currentRegion = regions.find((region) => region.code === current);
  const currentText = currentRegion ? describe(currentRegion) : current;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    try {
      const answer = await setRegion({ region: choice }).unwrap();
      setMessage({ text: `Prices are now for ${regionName(answer.region)}.`, isError: false });
    } catch (caught) {
      setMessage({
        text: `The region was not changed. ${getApiErrorMessage(caught as Parameters<typeof getApiErrorMessage>[0])}`,
        isError: true,
      });
    }
  }

  if (!isSignedIn || regions.length < 2) {
    return (
      <p className="region-picker region-picker--static" data-testid="price-region">
        Prices for {currentText}.{isSignedIn ? '' : ' Log in to see the prices of your own region.'}
      </p>
    );
  }
  return (
    <form
      className="region-picker"
      onSubmit={(event) => void handleSubmit(event)}
      aria-label="Pricing region"
    >
      <label htmlFor={selectId}>Prices for</label>
      <div className="region-picker__row">
        <select
          id={selectId}
          value={choice}
          onChange={(event) => setPicked(event.target.value)}
          aria-describedby={statusId}
          data-testid="price-region-select"
        >
          {regions.map((region) => (
            <option key={region.code} value={region.code}>
              {describe(region)}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary" isLoading={state.isLoading} disabled={choice === current}>
          Change region
        </Button>
      </div>
      <p
        id={statusId}
        className="region-picker__status"
        role="status"
        data-error={message?.isError ? 'true' : undefined}
      >
        {message?.text ?? ''}
      </p>
    </form>
  );
}
