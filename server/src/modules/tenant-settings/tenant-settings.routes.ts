// The token's own tenant, read and edited under its row-level security (no id in the path).
import { E } from '../../platform/http/error-codes.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { actorOf, tenantOf } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import { isTimeZone, SUPPORTED_LOCALES } from '@callcenter/rules/locale';
import { ServiceLevelFormulaSchema } from '@callcenter/rules/reports/shapes';
import * as repo from './tenant-settings.repo.ts';


const Settings = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  status: Type.String(),
  planId: Type.String(),
  /** The plan's name, for people: plans themselves are readable by the platform only. */
  planName: Type.String(),
  telephonyDomain: Type.String(),
  timezone: Type.String(),
  locale: Type.String(),
  /** The short-call guard's threshold: the share of today's connected calls lasting ≤ 6 s (0.6 = 60%). */
  shortCallThreshold: Type.Number(),
  /** Which service-level formula the reports use (docs/reports.md). */
  serviceLevelFormula: ServiceLevelFormulaSchema,
});
const SettingsPatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    locale: Type.Optional(Type.Union(SUPPORTED_LOCALES.map((locale) => Type.Literal(locale)))),
    // Under Anatel's 85% ceiling, which the guard must act before (decision 0048).
    shortCallThreshold: Type.Optional(Type.Number({ minimum: 0.1, maximum: 0.85, exclusiveMaximum: 0.85 })),
    serviceLevelFormula: Type.Optional(ServiceLevelFormulaSchema),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const tenantSettingsRoutes =
  (db: DatabaseHandles): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['tenant'];

    app.get('/tenant-settings', {
      config: { access: { tenant: true } },
      schema: { tags, response: { 200: Settings, ...errorResponses(401, 403) } },
      handler: async (request) => {
        const row = await db.withTenant(tenantOf(request), repo.findSettings);
        if (!row) throw notFound('tenant');
        return row;
      },
    });

    app.patch('/tenant-settings', {
      config: { access: { tenant: true, permission: 'settings.manage' } },
      schema: { tags, body: SettingsPatch, response: { 200: Settings, ...errorResponses(400, 401, 403) } },
      handler: async (request) => {
        const body: Static<typeof SettingsPatch> = request.body;
        if (body.timezone !== undefined && !isTimeZone(body.timezone)) {
          throw badRequest(E.VALIDATION_FAILED, 'Unknown time zone', [{ path: 'timezone', message: 'must be an IANA time zone', rule: 'timezone' }]);
        }
        return db.withTenant(tenantOf(request), async (tx) => {
          const row = await repo.updateSettings(tx, body);
          if (!row) throw notFound('tenant');
          await recordAudit(tx, actorOf(request), {
            action: 'TENANT_SETTINGS_UPDATED',
            targetType: 'tenant',
            targetId: row.id,
            details: { changed: Object.keys(body) },
          });
          return row;
        });
      },
    });
  };
