import { Controller, Inject, Req, Res, StreamableFile } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import {
  type Principal,
  buildPath,
  getCertificatePdf,
  getMyCertificates,
  verifyCertificate,
  DomainError,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  requireUser,
  PG_POOL,
  type HttpRequest,
  type HttpResponse,
  headerOf,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { certificatesProjection } from './certificates.projection';
import { renderCertificatePdf } from './certificate-pdf';

type CertificateRow = {
  certificate_id: string;
  product: string;
  version: string;
  name: string;
  issued_at: Date;
};

const pdfPath = (certificateId: string) => buildPath(getCertificatePdf, { certificateId });
/** The public page that verifies a certificate (the web app's /certificates/:certificateId). */
const verifyPath = (certificateId: string) => `/certificates/${certificateId}`;

/** The certificates read model: the learner's own list, and the public PDF and verification by id. */
/**
 * The name printed on a certificate: the learner's display name (else username) from the identity
 * profile, the one table of personal data, which an account wipe erases; events hold ids only.
 */
const PRINTED_NAME = `coalesce(nullif(trim(p.name), ''), nullif(trim(p.username), ''), 'Learner')`;
const PROFILE = 'LEFT JOIN identity_profiles p ON p.user_id = c.user_id';

/**
 * get_my_certificates' answer for one learner: their certificates sorted by version (numerically), and
 * how many were issued overall. The call's query, and time travel's over scratch copies of the table.
 */
export async function readMyCertificates(db: Pool | PoolClient, userId: string) {
  const [count, rows] = await Promise.all([
    db.query<{ count: string }>('SELECT count(*) FROM rm_certificates'),
    db.query<CertificateRow>(
      `SELECT certificate_id, product, version, ${PRINTED_NAME} AS name, issued_at FROM rm_certificates c ${PROFILE} WHERE c.user_id = $1
          ORDER BY string_to_array(version, '.')::int[], product`,
      [userId],
    ),
  ]);
  return {
    globalCount: Number(count.rows[0].count),
    certificates: rows.rows.map((row) => ({
      version: row.version,
      certificateId: row.certificate_id,
      product: row.product,
      name: row.name,
      issuedAt: row.issued_at.toISOString(),
      url: pdfPath(row.certificate_id),
      verifyUrl: verifyPath(row.certificate_id),
    })),
  };
}

@Controller()
export class CertificatesController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  /** The learner's certificates sorted by version (numerically), and how many were issued overall. */
  @ContractRoute(getMyCertificates)
  async mine(
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    await this.readYourWrites.ensure(request, response, [certificatesProjection.name]);
    return readMyCertificates(this.pool, user.userId);
  }

  @ContractRoute(getCertificatePdf)
  async pdf(
    @ValidatedInput() { params }: CallInput<typeof getCertificatePdf>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<StreamableFile> {
    const row = await this.find(params.certificateId, request, response);
    const origin = `${request.protocol}://${headerOf(request, 'x-forwarded-host') ?? headerOf(request, 'host')}`;
    const bytes = await renderCertificatePdf(
      {
        certificateId: row.certificate_id,
        name: row.name,
        product: row.product,
        version: row.version,
        issuedAt: row.issued_at,
      },
      `${origin}${verifyPath(row.certificate_id)}`,
    );
    return new StreamableFile(Buffer.from(bytes), {
      type: 'application/pdf',
      disposition: `inline; filename="certificate-${row.certificate_id}.pdf"`,
    });
  }

  @ContractRoute(verifyCertificate)
  async verify(
    @ValidatedInput() { params }: CallInput<typeof verifyCertificate>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const row = await this.find(params.certificateId, request, response);
    return {
      valid: true as const,
      name: row.name,
      product: row.product,
      issuedAt: row.issued_at.toISOString(),
      version: row.version,
    };
  }

  private async find(
    certificateId: string,
    request: HttpRequest,
    response: HttpResponse,
  ): Promise<CertificateRow> {
    await this.readYourWrites.ensure(request, response, [certificatesProjection.name]);
    const { rows } = await this.pool.query<CertificateRow>(
      `SELECT certificate_id, product, version, ${PRINTED_NAME} AS name, issued_at FROM rm_certificates c ${PROFILE} WHERE certificate_id = $1`,
      [certificateId],
    );
    if (!rows[0])
      throw new DomainError('NOT_FOUND', `No certificate was issued with the id ${certificateId}.`);
    return rows[0];
  }
}
