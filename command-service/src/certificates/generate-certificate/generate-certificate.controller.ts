import { randomUUID } from 'node:crypto';
import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  DEFAULT_CERTIFICATE_VERSION,
  type Principal,
  buildPath,
  generateCertificate,
  getCertificatePdf,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  acknowledge,
  commandContext,
  requireUser,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { GenerateCertificateCommand } from './generate-certificate.command';
import type { CertificateGenerated } from './generate-certificate.handler';

export const certificatePdfPath = (certificateId: string) => buildPath(getCertificatePdf, { certificateId });

/** generate_certificate (spec 7): `type` names the product; answers where to download the certificate. */
@Controller()
export class GenerateCertificateController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(generateCertificate)
  async generate(
    @ValidatedInput() { input }: CallInput<typeof generateCertificate>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const { appended, certificateId } = await this.commandBus.execute<
      GenerateCertificateCommand,
      CertificateGenerated
    >(
      new GenerateCertificateCommand(
        {
          userId: user.userId,
          type: input.type,
          version: DEFAULT_CERTIFICATE_VERSION,
          certificateId: randomUUID(),
          now: new Date(),
        },
        commandContext(request),
      ),
    );
    return { ...acknowledge(response, appended), url: certificatePdfPath(certificateId) };
  }
}
