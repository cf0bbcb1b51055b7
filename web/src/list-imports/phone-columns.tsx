// The lead import's mapping step (decision 0066): the file's header read in the browser with the
// server's rules (@callcenter/rules/csv-header), the columns named like phones pre-checked, and the
// user's choice and order of the phone columns sent as `phoneColumns` before the file.
import { columnKey, decodeStart, headerFields, isPhoneColumn } from '@callcenter/rules/csv-header';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Bytes read for the header: a header line is far shorter (50 columns of 100 characters at most). */
const HEADER_BYTES = 64 * 1024;

export interface PhoneMapping {
  columns: string[];
  /** The chosen phone columns in the order to try. */
  phones: string[];
}

/** The file's named columns and the ones named like phones, in file order. */
export async function readMapping(file: Blob): Promise<PhoneMapping> {
  const bytes = new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer());
  const columns = headerFields(decodeStart(bytes))
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return { columns, phones: columns.filter((name) => isPhoneColumn(columnKey(name))) };
}

export const togglePhone = (mapping: PhoneMapping, column: string): PhoneMapping => ({
  ...mapping,
  phones: mapping.phones.includes(column) ? mapping.phones.filter((name) => name !== column) : [...mapping.phones, column],
});

export const movePhone = (mapping: PhoneMapping, column: string, by: -1 | 1): PhoneMapping => {
  const phones = [...mapping.phones];
  const from = phones.indexOf(column);
  const to = from + by;
  if (from < 0 || to < 0 || to >= phones.length) return mapping;
  [phones[from], phones[to]] = [phones[to]!, phones[from]!];
  return { ...mapping, phones };
};

export function PhoneColumns({ mapping, onChange, disabled }: { mapping: PhoneMapping; onChange: (next: PhoneMapping) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  if (mapping.columns.length === 0) return null;
  return (
    <fieldset className="phone-columns" data-testid="phone-columns">
      <legend>{t('listImports.phoneColumns.title')}</legend>
      <p className="muted" id={`${id}-help`}>
        {t('listImports.phoneColumns.help')}
      </p>
      <ul className="phone-column-choices">
        {mapping.columns.map((column) => (
          <li key={column}>
            <label>
              <input
                type="checkbox"
                checked={mapping.phones.includes(column)}
                disabled={disabled}
                aria-describedby={`${id}-help`}
                onChange={() => onChange(togglePhone(mapping, column))}
              />{' '}
              {column}
            </label>
          </li>
        ))}
      </ul>
      {mapping.phones.length === 0 ? (
        <p role="alert" className="error">
          {t('listImports.phoneColumns.none')}
        </p>
      ) : (
        <ol className="phone-column-order" aria-label={t('listImports.phoneColumns.order')} data-testid="phone-column-order">
          {mapping.phones.map((column, index) => (
            <li key={column}>
              <span>{column}</span>{' '}
              <button type="button" className="secondary" disabled={disabled || index === 0} onClick={() => onChange(movePhone(mapping, column, -1))}>
                {t('listImports.phoneColumns.up', { column })}
              </button>{' '}
              <button
                type="button"
                className="secondary"
                disabled={disabled || index === mapping.phones.length - 1}
                onClick={() => onChange(movePhone(mapping, column, 1))}
              >
                {t('listImports.phoneColumns.down', { column })}
              </button>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
