import { getApiErrorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import { useGetOfferingsQuery } from '../api/commerce-api';
import { RegionPicker } from './region-picker';
import './commerce.css';

/** The account settings' pricing region: which region's prices and currency the account sees and pays. */
export function PricingRegionSetting() {
  const offerings = useGetOfferingsQuery({});
  return (
    <section className="commerce-panel" aria-labelledby="pricing-region-heading">
      <h2 id="pricing-region-heading" className="commerce-setting__title">
        Pricing region
      </h2>
      <p className="commerce-setting__lead">
        Plans and bundles are priced per region, in its currency. Choose the region you live in.
      </p>
      {offerings.isLoading ? (
        <Loader label="Loading regions" />
      ) : offerings.isError || !offerings.data ? (
        <div role="alert">
          <p>The regions could not be loaded. {getApiErrorMessage(offerings.error)}</p>
          <Button variant="secondary" onClick={() => void offerings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <RegionPicker
          current={offerings.data.priceRegion}
          regions={offerings.data.regions ?? []}
          isSignedIn
        />
      )}
    </section>
  );
}
