// The call-center modules wired on the shared services: queues and tiers, agents, agent presence,
// pause reasons and dispositions. One CallCenterSync sends every mod_callcenter command.
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleServices } from '../module-services.ts';
import { CodeListService } from '../code-lists/code-list.ts';
import { codeListRoutes } from '../code-lists/code-list.routes.ts';
import { DISPOSITIONS } from '../dispositions/dispositions.list.ts';
import { PAUSE_REASONS } from '../pause-reasons/pause-reasons.list.ts';
import { queuesRoutes } from '../queues/queues.routes.ts';
import { QueuesService } from '../queues/queues.service.ts';
import { agentsRoutes } from './agents.routes.ts';
import { AgentsService } from './agents.service.ts';
import { CallCenterSync } from './callcenter-sync.ts';
import { presenceRoutes } from './presence.routes.ts';
import { AgentPresenceService } from './presence.service.ts';

export const callCenterRoutes =
  (services: ModuleServices): FastifyPluginAsync =>
  async (api) => {
    const sync = new CallCenterSync(services.callCenter, services.log.child({ module: 'callcenter-sync' }));
    await api.register(queuesRoutes(new QueuesService(services.db, sync)));
    await api.register(agentsRoutes(new AgentsService(services, sync)));
    await api.register(presenceRoutes(new AgentPresenceService(services, sync)));
    await api.register(codeListRoutes(new CodeListService(services.db, PAUSE_REASONS)));
    await api.register(codeListRoutes(new CodeListService(services.db, DISPOSITIONS)));
  };
