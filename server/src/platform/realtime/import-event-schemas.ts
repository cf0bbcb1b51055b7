// The payload of LIST_IMPORT_PROGRESS (docs/events.md), shared by the imports that publish it and
// the console. One per committed batch while RUNNING, then one final COMPLETED or FAILED. The
// publisher adds `type`, `tenantId` and `at`.
import { Type, type Static } from 'typebox';

const Count = Type.Integer({ minimum: 0 });

export const ListImportProgressPayload = Type.Object(
  {
    importId: Type.String({ format: 'uuid' }),
    kind: Type.Union([Type.Literal('LEADS'), Type.Literal('SUPPRESSION')]),
    /** The campaign of a LEADS import; null for the suppression list. */
    campaignId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    /** Bytes of the file read so far. */
    bytesRead: Count,
    /** The upload's Content-Length (the whole multipart body, a little more than the file), null when unknown: for a progress bar. */
    bytesExpected: Type.Union([Count, Type.Null()]),
    /** Data rows read so far (blank lines not counted); the counters below cover committed rows only. */
    rowsRead: Count,
    total: Count,
    valid: Count,
    invalid: Count,
    duplicates: Count,
    imported: Count,
    suppressed: Count,
    status: Type.Union([Type.Literal('RUNNING'), Type.Literal('COMPLETED'), Type.Literal('FAILED')]),
    /** Why a FAILED import was refused (the answer's error code); null otherwise. */
    errorCode: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type ListImportProgressPayload = Static<typeof ListImportProgressPayload>;
