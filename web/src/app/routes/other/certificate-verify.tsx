import { useParams } from 'react-router-dom';
import { type ProductId, buildRoutePath, getCertificatePdfRoute, productIds } from '@app/contracts';
import { useVerifyCertificateQuery } from '@/features/progress/api/progress-api';
import { products } from '@/shared/catalog/products';
import { Loader } from '@/shared/ui/loader';
import { PageHeader } from '@/shared/ui/page';

const NOT_FOUND_TEXT = 'No certificate has this id.';
const pdfUrl = (certificateId: string) => buildRoutePath(getCertificatePdfRoute, { certificateId });
const productName = (product: string) =>
  (productIds as readonly string[]).includes(product) ? products[product as ProductId].name : product;

/**
 * The public verification page a certificate's id leads to: anyone can check that the id was issued,
 * to whom, for which product and version, and when, and open the PDF. An id that was never issued (or
 * is not an id at all) is said plainly.
 */
export function Component() {
  const { certificateId = '' } = useParams();
  const verification = useVerifyCertificateQuery({ params: { certificateId } });
  const certificate = verification.data;
  return (
    <>
      <PageHeader
        title="Certificate verification"
        eyebrow="Certificates"
        lead={
          <>
            Verification id <code>{certificateId}</code>
          </>
        }
      />
      {verification.isLoading ? (
        <Loader />
      ) : certificate ? (
        <section className="certificate-verification" aria-label="Certificate">
          <p>
            <strong>This certificate is valid.</strong>
          </p>
          <dl>
            <dt>Awarded to</dt>
            <dd>{certificate.name}</dd>
            <dt>Product</dt>
            <dd>{productName(certificate.product)}</dd>
            <dt>Version</dt>
            <dd>{certificate.version}</dd>
            <dt>Issued on</dt>
            <dd>
              <time dateTime={certificate.issuedAt}>{certificate.issuedAt.slice(0, 10)}</time>
            </dd>
          </dl>
          <p>
            <a href={pdfUrl(certificateId)} target="_blank" rel="noopener noreferrer">
              Open the certificate (PDF)
            </a>
          </p>
        </section>
      ) : (
        <section className="certificate-verification" aria-label="Certificate">
          <p role="status">
            {isNotFound(verification.error)
              ? NOT_FOUND_TEXT
              : 'The certificate could not be checked right now; reload the page to try again.'}
          </p>
        </section>
      )}
    </>
  );
}

/** 404: never issued; 400: not an id (the contract checks the format). Both mean no such certificate. */
function isNotFound(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  return status === 404 || status === 400;
}
