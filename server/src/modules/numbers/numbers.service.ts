// The platform's phone-number inventory (decision 0063): a platform user assigns numbers (one, or a
// bounded range) to a tenant; a tenant routes and uses as caller ID only its own. The unique index
// on the number decides between tenants, also under concurrent requests.
import { expandRange, MAX_NUMBER_RANGE, parsePhone } from '@callcenter/rules/phone';
import type { Actor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { isUniqueViolation, type DatabaseHandles, type Tx } from '../../platform/db/database.ts';
import { E } from '../../platform/http/error-codes.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import * as repo from './numbers.repo.ts';
import type { AssignNumbersBody, PhoneNumber } from './numbers.schema.ts';

const invalid = (path: string, value: string) =>
  badRequest(
    E.INVALID_PHONE_NUMBER,
    `${path} is not a phone number`,
    [{ path, message: 'must be a phone number' }],
    { value },
  );

/** The same refusal for another tenant's number and for a number nobody holds: nothing leaks. */
const notAssigned = (path: string, value: string) =>
  badRequest(
    E.NUMBER_NOT_ASSIGNED,
    `${path} must be one of this tenant's numbers`,
    [{ path, message: "must be one of this tenant's numbers" }],
    { value },
  );

/**
 * The E.164 form of a number the tenant of the transaction holds, or NUMBER_NOT_ASSIGNED (written
 * forms are accepted: `(11) 3000-2000` is `+551130002000`). Inbound routes and campaigns call it.
 */
export async function ownNumber(tx: Tx, written: string, path: string): Promise<string> {
  const parsed = parsePhone(written);
  if (!parsed.ok || !(await repo.holdsNumber(tx, parsed.e164))) throw notAssigned(path, written);
  return parsed.e164;
}

function numbersOf(body: AssignNumbersBody): string[] {
  if ('number' in body) {
    const parsed = parsePhone(body.number);
    if (!parsed.ok) throw invalid('number', body.number);
    return [parsed.e164];
  }
  const range = expandRange(body.from, body.to);
  if (range.ok) return range.numbers;
  switch (range.reason) {
    case 'INVALID_FROM':
      throw invalid('from', body.from);
    case 'INVALID_TO':
      throw invalid('to', body.to);
    case 'TOO_LARGE':
      throw badRequest(
        E.NUMBER_RANGE_TOO_LARGE,
        `A range may hold at most ${MAX_NUMBER_RANGE} numbers`,
        [{ path: 'to', message: 'range too large' }],
        { limit: MAX_NUMBER_RANGE },
      );
    case 'NOT_A_RANGE':
      throw badRequest(
        E.VALIDATION_FAILED,
        'from and to must be numbers of the same length, from before to',
        [{ path: 'to', message: 'must follow from' }],
      );
  }
}

export class NumbersService {
  constructor(private readonly db: DatabaseHandles) {}

  /** The tenant's own numbers (its token decides which tenant; RLS filters). */
  async listOwn(tenantId: string): Promise<PhoneNumber[]> {
    return (await this.db.withTenant(tenantId, (tx) => repo.listNumbers(tx, tenantId))).map(
      repo.toPhoneNumber,
    );
  }

  async listOfTenant(tenantId: string): Promise<PhoneNumber[]> {
    return this.db.withPlatform(async (tx) => {
      await assertTenant(tx, tenantId);
      return (await repo.listNumbers(tx, tenantId)).map(repo.toPhoneNumber);
    });
  }

  /** All or nothing: one number of a range held by anyone refuses the whole range. */
  async assign(actor: Actor, tenantId: string, body: AssignNumbersBody): Promise<PhoneNumber[]> {
    const numbers = numbersOf(body);
    try {
      return await this.db.withPlatform(async (tx) => {
        await assertTenant(tx, tenantId);
        const rows = await repo.insertNumbers(tx, tenantId, numbers);
        await recordAudit(tx, actor, {
          action: 'PHONE_NUMBERS_ASSIGNED',
          targetType: 'tenant',
          targetId: tenantId,
          tenantId,
          details: { count: rows.length, first: numbers[0], last: numbers.at(-1) },
        });
        return rows.map(repo.toPhoneNumber).sort((a, b) => a.number.localeCompare(b.number));
      });
    } catch (error) {
      // A platform user may learn that a number is taken (they manage every tenant); tenants never do.
      if (isUniqueViolation(error, 'phone_numbers_number_key'))
        throw conflict(
          'phoneNumber',
          numbers.length === 1 ? numbers[0] : undefined,
          'A number is already assigned',
        );
      throw error;
    }
  }

  async release(actor: Actor, tenantId: string, written: string): Promise<void> {
    const parsed = parsePhone(written);
    if (!parsed.ok) throw invalid('number', written);
    await this.db.withPlatform(async (tx) => {
      await assertTenant(tx, tenantId);
      if (await repo.numberInUse(tx, tenantId, parsed.e164)) {
        throw badRequest(E.NUMBER_IN_USE, 'The number is used by an inbound route or a campaign', undefined, {
          value: parsed.e164,
        });
      }
      const row = await repo.deleteNumber(tx, tenantId, parsed.e164);
      if (!row) throw notFound('phoneNumber');
      await recordAudit(tx, actor, {
        action: 'PHONE_NUMBER_RELEASED',
        targetType: 'phone_number',
        targetId: row.id,
        tenantId,
        details: { number: row.number },
      });
    });
  }
}

async function assertTenant(tx: Tx, tenantId: string): Promise<void> {
  if (!(await tx.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst()))
    throw notFound('tenant');
}
