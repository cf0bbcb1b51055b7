// Reading the audit log: one statement a page, names resolved in SQL, never one query a row.
// Row-level security decides whose rows a transaction sees (a tenant's own, or all on the platform
// path), the name lookups included: a tenant never learns another tenant's names through its log.
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Tx } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { AuditAction, AuditTargetType } from './audit-actions.ts';

export interface AuditFilters {
  userId?: string;
  /** Part of the actor's name or e-mail, case-insensitive. */
  actor?: string;
  action?: AuditAction;
  targetType?: AuditTargetType;
  tenantId?: string;
  from?: string;
  to?: string;
}

export interface AuditPage {
  page: number;
  pageSize: number;
}

export interface AuditRow {
  id: string;
  tenantId: string | null;
  tenantName: string | null;
  actorUserId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetName: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  requestId: string | null;
  createdAt: Date;
}

type From = Database & { a: Database['auditLog']; u: Database['users'] };

/** `%` and `_` typed by a user are characters to find, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function filtered<O>(query: SelectQueryBuilder<From, 'a' | 'u', O>, filters: AuditFilters) {
  return query.where((eb: ExpressionBuilder<From, 'a' | 'u'>) => {
    const conditions = [];
    if (filters.userId) conditions.push(eb('a.actorUserId', '=', filters.userId));
    if (filters.actor) {
      const pattern = likePattern(filters.actor);
      conditions.push(eb.or([eb('u.email', 'ilike', pattern), eb('u.name', 'ilike', pattern)]));
    }
    if (filters.action) conditions.push(eb('a.action', '=', filters.action));
    if (filters.targetType) conditions.push(eb('a.targetType', '=', filters.targetType));
    if (filters.tenantId) conditions.push(eb('a.tenantId', '=', filters.tenantId));
    if (filters.from) conditions.push(eb('a.createdAt', '>=', new Date(filters.from)));
    if (filters.to) conditions.push(eb('a.createdAt', '<', new Date(filters.to)));
    return eb.and(conditions);
  });
}

/**
 * The target's name as its own table says it now (deleted rows keep theirs): a primary-key lookup
 * inside the same statement for the types that have a name or a number.
 */
const targetName = sql<string | null>`CASE a.target_type
  WHEN 'user' THEN (SELECT coalesce(x.name, x.email) FROM users x WHERE x.id::text = a.target_id)
  WHEN 'extension' THEN (SELECT x.number FROM extensions x WHERE x.id::text = a.target_id)
  WHEN 'trunk' THEN (SELECT x.name FROM trunks x WHERE x.id::text = a.target_id)
  WHEN 'queue' THEN (SELECT x.name FROM queues x WHERE x.id::text = a.target_id)
  WHEN 'agent' THEN (SELECT coalesce(x.name, y.name, y.email) FROM agents x LEFT JOIN users y ON y.id = x.user_id
                     WHERE x.id::text = a.target_id)
  WHEN 'ivr_menu' THEN (SELECT x.name FROM ivr_menus x WHERE x.id::text = a.target_id)
  WHEN 'inbound_route' THEN (SELECT x.did_number FROM inbound_routes x WHERE x.id::text = a.target_id)
  WHEN 'plan' THEN (SELECT x.name FROM plans x WHERE x.id::text = a.target_id)
  WHEN 'tenant' THEN (SELECT x.name FROM tenants x WHERE x.id::text = a.target_id)
  WHEN 'dialplan_rule' THEN (SELECT x.name FROM dialplan_rules x WHERE x.id::text = a.target_id)
  WHEN 'dialplan_version' THEN (SELECT x.context || ' #' || x.number FROM dialplan_versions x WHERE x.id::text = a.target_id)
  WHEN 'pause_reason' THEN (SELECT x.name FROM pause_reasons x WHERE x.id::text = a.target_id)
  WHEN 'disposition' THEN (SELECT x.name FROM dispositions x WHERE x.id::text = a.target_id)
END`;

export async function listAudit(tx: Tx, filters: AuditFilters, { page, pageSize }: AuditPage) {
  const base = () => tx.selectFrom('auditLog as a').leftJoin('users as u', 'u.id', 'a.actorUserId');
  const [rows, count] = await Promise.all([
    filtered(base(), filters)
      .leftJoin('tenants as t', 't.id', 'a.tenantId')
      .select([
        'a.id',
        'a.tenantId',
        't.name as tenantName',
        'a.actorUserId',
        'u.name as actorName',
        'u.email as actorEmail',
        'a.action',
        'a.targetType',
        'a.targetId',
        targetName.as('targetName'),
        'a.details',
        'a.ip',
        'a.requestId',
        'a.createdAt',
      ])
      .orderBy('a.createdAt', 'desc')
      .orderBy('a.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered(base(), filters)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as AuditRow[], total: Number(count.total) };
}
