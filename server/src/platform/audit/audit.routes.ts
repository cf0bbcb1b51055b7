// The audit log, read two ways: a tenant's own (its row-level security narrows every row and every
// name) and the platform's, across tenants. Same filters, same page shape.
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { tenantOf } from '../auth/guard.ts';
import type { DatabaseHandles, Tx } from '../db/database.ts';
import { badRequest } from '../http/errors.ts';
import { E } from '../http/error-codes.ts';
import { errorResponses } from '../http/schemas.ts';
import { listAudit, type AuditFilters } from './audit.repo.ts';
import { AuditList, AuditQuery, PlatformAuditQuery } from './audit.schema.ts';
import { redactDetails } from './redact.ts';

type Query = Static<typeof PlatformAuditQuery>;

async function page(tx: Tx, query: Query): Promise<Static<typeof AuditList>> {
  const { page, pageSize, ...rest } = query;
  if (rest.from && rest.to && Date.parse(rest.from) > Date.parse(rest.to)) {
    throw badRequest(E.VALIDATION_FAILED, '`from` is after `to`', [{ path: 'from', message: 'must not be after `to`' }]);
  }
  const filters: AuditFilters = rest;
  const { rows, total } = await listAudit(tx, filters, { page, pageSize });
  return {
    items: rows.map((row) => ({ ...row, details: redactDetails(row.details), createdAt: row.createdAt.toISOString() })),
    total,
    page,
    pageSize,
  };
}

export const auditRoutes =
  (db: DatabaseHandles): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    app.get('/audit', {
      config: { access: { tenant: true, permission: 'settings.manage' } },
      schema: { tags: ['tenant'], querystring: AuditQuery, response: { 200: AuditList, ...errorResponses(400, 401, 403) } },
      handler: (request) => db.withTenant(tenantOf(request), (tx) => page(tx, request.query)),
    });
    app.get('/platform/audit', {
      config: { access: { platform: true, permission: 'platform.operations.view' } },
      schema: { tags: ['platform'], querystring: PlatformAuditQuery, response: { 200: AuditList, ...errorResponses(400, 401, 403) } },
      handler: (request) => db.withPlatform((tx) => page(tx, request.query)),
    });
  };
