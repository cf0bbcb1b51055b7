// The column mapping a lead import may send beside its file (decision 0066): multipart text fields
// before `file`, read by a fixed schema. A hostile or mistaken client gets a 400 naming the field,
// never an import that silently ignores what it asked for.
import { E } from '../../platform/http/error-codes.ts';
import { badRequest, type ErrorDetail } from '../../platform/http/errors.ts';
import type { LeadMapping } from './lead-rows.ts';

export const LEAD_MAPPING_LIMITS = { maxPhoneColumns: 10, maxColumnNameChars: 100 } as const;

/** The mapping out of the multipart fields: only `phoneColumns`, repeated, one column name each, in the order to try. */
export function leadMappingOf(fields: Record<string, string[]> = {}): LeadMapping {
  const details: ErrorDetail[] = [];
  for (const name of Object.keys(fields))
    if (name !== 'phoneColumns') details.push({ path: name, message: 'is not a field of a lead import' });
  const phoneColumns = fields.phoneColumns?.map((value) => value.trim());
  if (phoneColumns) {
    if (phoneColumns.length > LEAD_MAPPING_LIMITS.maxPhoneColumns)
      details.push({
        path: 'phoneColumns',
        message: `at most ${LEAD_MAPPING_LIMITS.maxPhoneColumns} columns`,
      });
    for (const [index, column] of phoneColumns.entries()) {
      if (column === '' || column.length > LEAD_MAPPING_LIMITS.maxColumnNameChars)
        details.push({
          path: `phoneColumns/${index}`,
          message: `must be a column name of 1 to ${LEAD_MAPPING_LIMITS.maxColumnNameChars} characters`,
        });
    }
    if (new Set(phoneColumns).size !== phoneColumns.length)
      details.push({ path: 'phoneColumns', message: 'names a column twice' });
  }
  if (details.length > 0) throw badRequest(E.VALIDATION_FAILED, 'The import’s fields are not valid', details);
  return phoneColumns ? { phoneColumns } : {};
}
