// The database's app_phone_key (stored numbers) and phoneKey (the typed filter) must agree, or a
// number typed one way would miss the same number stored another way.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { phoneKey } from './phone-key.ts';
import { OTHERS, SAME_LANDLINE, SAME_MOBILE } from './phone-forms.test-support.ts';

const t = useTestApp();

describe('app_phone_key and phoneKey', () => {
  it('give every form the same key', async () => {
    const forms = [...SAME_MOBILE, ...SAME_LANDLINE, ...OTHERS, '', '00', '+() -', '0', '55', '0055', '123456789012345678'];
    const { rows } = await t.db.withPlatform((tx) =>
      sql<{ form: string; key: string | null }>`SELECT form, app_phone_key(form) AS key FROM unnest(${forms}::text[]) AS form`.execute(tx),
    );
    expect(rows.map((row) => [row.form, row.key])).toEqual(forms.map((form) => [form, phoneKey(form)]));
  });
});
