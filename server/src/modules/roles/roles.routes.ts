import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PERMISSIONS, PERMISSION_KEYS, ROLES } from '@callcenter/rules/permissions';
import { errorResponses } from '../../platform/http/schemas.ts';

const Role = Type.Object({ name: Type.String(), scope: Type.String(), permissions: Type.Array(Type.String()) });
const Permission = Type.Object({ key: Type.String(), scope: Type.String(), description: Type.String() });

const roleList = () => Object.values(ROLES).map((role) => ({ name: role.name, scope: role.scope, permissions: [...role.permissions] }));

export const rolesRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/roles', {
    config: { access: {} },
    schema: { tags: ['tenant'], response: { 200: Type.Array(Role), ...errorResponses(401, 403) } },
    handler: () => roleList().filter((role) => role.scope === 'TENANT'),
  });

  app.get('/platform/roles', {
    config: { access: { platform: true, permission: 'platform.operations.view' } },
    schema: {
      tags: ['platform'],
      response: { 200: Type.Object({ roles: Type.Array(Role), permissions: Type.Array(Permission) }), ...errorResponses(401, 403) },
    },
    handler: () => ({
      roles: roleList(),
      permissions: PERMISSION_KEYS.map((key) => ({ key, scope: PERMISSIONS[key].scope, description: PERMISSIONS[key].description })),
    }),
  });
};
