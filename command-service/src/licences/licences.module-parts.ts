import { ApplyLicenceKeyController } from './apply-licence-key/apply-licence-key.controller';
import { ApplyLicenceKeyHandler } from './apply-licence-key/apply-licence-key.handler';
import { CreateLicenceKeyController } from './create-licence-key/create-licence-key.controller';
import { CreateLicenceKeyHandler } from './create-licence-key/create-licence-key.handler';
import { DeleteLicenceKeyController } from './delete-licence-key/delete-licence-key.controller';
import { DeleteLicenceKeyHandler } from './delete-licence-key/delete-licence-key.handler';
import { EditLicenceKeyController } from './edit-licence-key/edit-licence-key.controller';
import { EditLicenceKeyHandler } from './edit-licence-key/edit-licence-key.handler';
import { LicenceLedger } from './licence-ledger';
import { PurchaseLicencesController } from '../commerce/purchase-licences/purchase-licences.controller';
import { PurchaseLicencesHandler } from '../commerce/purchase-licences/purchase-licences.handler';

/** The team-licence use cases, listed by role for the app module. */
export const licenceControllers = [
  PurchaseLicencesController,
  CreateLicenceKeyController,
  EditLicenceKeyController,
  DeleteLicenceKeyController,
  ApplyLicenceKeyController,
];

export const licenceProviders = [
  LicenceLedger,
  PurchaseLicencesHandler,
  CreateLicenceKeyHandler,
  EditLicenceKeyHandler,
  DeleteLicenceKeyHandler,
  ApplyLicenceKeyHandler,
];
