// The pause reasons and dispositions a new tenant starts with, in the tenant's language, so its
// agents can pause and classify calls from day one. They are ordinary rows: editable, deletable.
import type { Tx } from '../../platform/db/database.ts';
import type { DispositionAction } from '../../platform/db/schema.ts';
import type { SUPPORTED_LOCALES } from '@callcenter/rules/locale';
import { NO_ANSWER_PAUSE_CODE } from '@callcenter/rules/pause-codes';

export { NO_ANSWER_PAUSE_CODE };

type Locale = (typeof SUPPORTED_LOCALES)[number];

interface Starter {
  /** Code and name in each language: a code is what an administrator reads in lists and reports. */
  text: Record<Locale, { code: string; name: string }>;
}

export const STARTER_PAUSE_REASONS: readonly Starter[] = [
  { text: { 'pt-BR': { code: 'ALMOCO', name: 'Almoço' }, en: { code: 'LUNCH', name: 'Lunch' } } },
  { text: { 'pt-BR': { code: 'INTERVALO', name: 'Intervalo' }, en: { code: 'BREAK', name: 'Short break' } } },
  { text: { 'pt-BR': { code: 'BANHEIRO', name: 'Banheiro' }, en: { code: 'RESTROOM', name: 'Restroom' } } },
  { text: { 'pt-BR': { code: 'TREINAMENTO', name: 'Treinamento' }, en: { code: 'TRAINING', name: 'Training' } } },
  { text: { 'pt-BR': { code: 'REUNIAO', name: 'Reunião' }, en: { code: 'MEETING', name: 'Meeting' } } },
  { text: { 'pt-BR': { code: 'PAUSA_TECNICA', name: 'Pausa técnica' }, en: { code: 'TECHNICAL', name: 'Technical break' } } },
];

export const STARTER_DISPOSITIONS: readonly (Starter & { action: DispositionAction })[] = [
  { text: { 'pt-BR': { code: 'VENDA', name: 'Venda' }, en: { code: 'SALE', name: 'Sale' } }, action: 'SUCCESS' },
  { text: { 'pt-BR': { code: 'RESOLVIDO', name: 'Atendimento resolvido' }, en: { code: 'RESOLVED', name: 'Resolved' } }, action: 'NONE' },
  { text: { 'pt-BR': { code: 'SEM_INTERESSE', name: 'Sem interesse' }, en: { code: 'NOT_INTERESTED', name: 'Not interested' } }, action: 'NONE' },
  { text: { 'pt-BR': { code: 'RETORNAR', name: 'Retornar depois' }, en: { code: 'CALL_BACK', name: 'Call back later' } }, action: 'CALLBACK' },
  { text: { 'pt-BR': { code: 'NUMERO_ERRADO', name: 'Número errado' }, en: { code: 'WRONG_NUMBER', name: 'Wrong number' } }, action: 'DO_NOT_CALL' },
  { text: { 'pt-BR': { code: 'NAO_LIGAR', name: 'Não ligar mais' }, en: { code: 'DO_NOT_CALL', name: 'Do not call' } }, action: 'DO_NOT_CALL' },
];

/** A locale the lists are not written in falls back to the platform's default, pt-BR. */
const localeOf = (locale: string): Locale => (locale === 'en' ? 'en' : 'pt-BR');

const NO_ANSWER_PAUSE_NAME: Record<Locale, string> = { 'pt-BR': 'Não atendeu (automática)', en: 'Did not answer (automatic)' };

/** The tenant's no-answer pause reason, created the first time it is needed. */
export async function noAnswerPauseReasonId(tx: Tx, tenantId: string): Promise<string> {
  const existing = await tx.selectFrom('pauseReasons').select('id').where('code', '=', NO_ANSWER_PAUSE_CODE).executeTakeFirst();
  if (existing) return existing.id;
  const tenant = await tx.selectFrom('tenants').select('locale').where('id', '=', tenantId).executeTakeFirstOrThrow();
  await tx
    .insertInto('pauseReasons')
    .values({ tenantId, code: NO_ANSWER_PAUSE_CODE, name: NO_ANSWER_PAUSE_NAME[localeOf(tenant.locale)], enabled: false })
    .onConflict((conflict) => conflict.columns(['tenantId', 'code']).doNothing())
    .execute();
  const row = await tx.selectFrom('pauseReasons').select('id').where('code', '=', NO_ANSWER_PAUSE_CODE).executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts the starter lists for a tenant being created (same transaction as the tenant). */
export async function seedStarterLists(tx: Tx, tenantId: string, locale: string): Promise<void> {
  const language = localeOf(locale);
  await tx
    .insertInto('pauseReasons')
    .values(STARTER_PAUSE_REASONS.map((reason) => ({ tenantId, ...reason.text[language] })))
    .execute();
  await tx
    .insertInto('dispositions')
    .values(STARTER_DISPOSITIONS.map((item) => ({ tenantId, ...item.text[language], action: item.action })))
    .execute();
}
