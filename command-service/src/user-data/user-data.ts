import {
  MAX_USER_DATA_DEPTH,
  MAX_USER_DATA_DOCUMENT_BYTES,
  MAX_USER_DATA_SET_BYTES,
  type ProblemProductId,
  type UserDataDocument,
  applyUserDataSet,
  jsonBytes,
  jsonDepth,
  unstorableJsonReason,
} from '@app/contracts';
import type { NewEvent } from '@app/server-kit';

export type SetUserData = {
  userId: string;
  product: ProblemProductId;
  data: UserDataDocument;
  deepMerge: boolean;
};

/** Why a set is refused: a 400 with this code, message and (for a bad shape) the field. */
export type SetUserDataRefusal = {
  code: 'USER_DATA_TOO_LARGE' | 'VALIDATION_FAILED';
  message: string;
  path?: string;
};

export type SetUserDataDecision =
  | { outcome: 'refused'; refusal: SetUserDataRefusal }
  /** Nothing to save (an empty data object): nothing is appended. */
  | { outcome: 'unchanged' }
  | { outcome: 'set'; events: NewEvent<'UserDataSet'>[]; document: UserDataDocument };

const bytes = (count: number) => `${count.toLocaleString('en-US')} bytes`;

/**
 * user-data/set on the learner's current document for the product. The request schema has checked
 * that data is a JSON object; here the depth, what PostgreSQL can store, the size of the set and the
 * size of the document once merged. A refused set appends nothing.
 */
export function decideSetUserData(current: UserDataDocument, command: SetUserData): SetUserDataDecision {
  const depth = jsonDepth(command.data);
  if (depth > MAX_USER_DATA_DEPTH) {
    return refuseShape(`is nested deeper than ${MAX_USER_DATA_DEPTH} levels of objects and arrays`);
  }
  const unstorable = unstorableJsonReason(command.data);
  if (unstorable) return refuseShape(unstorable);
  const setBytes = jsonBytes(command.data);
  if (setBytes > MAX_USER_DATA_SET_BYTES) {
    return {
      outcome: 'refused',
      refusal: {
        code: 'USER_DATA_TOO_LARGE',
        message: `The data of one set is ${bytes(setBytes)}; the limit is ${bytes(MAX_USER_DATA_SET_BYTES)}. Save it in smaller parts.`,
      },
    };
  }
  if (Object.keys(command.data).length === 0) return { outcome: 'unchanged' };
  const document = applyUserDataSet(current, command);
  const documentBytes = jsonBytes(document);
  if (documentBytes > MAX_USER_DATA_DOCUMENT_BYTES && documentBytes > jsonBytes(current)) {
    return {
      outcome: 'refused',
      refusal: {
        code: 'USER_DATA_TOO_LARGE',
        message: `The saved data for ${command.product} would be ${bytes(documentBytes)} after this set; the limit is ${bytes(MAX_USER_DATA_DOCUMENT_BYTES)}. Remove something first (set its key to null).`,
      },
    };
  }
  return {
    outcome: 'set',
    document,
    events: [
      {
        type: 'UserDataSet',
        data: {
          userId: command.userId,
          product: command.product,
          data: command.data,
          deepMerge: command.deepMerge,
        },
      },
    ],
  };
}

function refuseShape(reason: string): SetUserDataDecision {
  return {
    outcome: 'refused',
    refusal: { code: 'VALIDATION_FAILED', message: `The data ${reason}.`, path: 'body.data' },
  };
}
