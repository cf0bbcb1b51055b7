// The telephony configuration modules as one plugin, so app.ts registers them in one place.
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleServices } from '../module-services.ts';
import { extensionsRoutes } from '../extensions/extensions.routes.ts';
import { inboundRoutesRoutes } from '../inbound-routes/inbound-routes.routes.ts';
import { ivrMenusRoutes } from '../ivr-menus/ivr-menus.routes.ts';
import { trunksRoutes } from '../trunks/trunks.routes.ts';
import { dialplanRoutes } from './dialplan.routes.ts';

export const telephonyConfigRoutes =
  (services: ModuleServices, options: { confDir: string }): FastifyPluginAsync =>
  async (api) => {
    await api.register(extensionsRoutes(services));
    await api.register(trunksRoutes(services));
    await api.register(inboundRoutesRoutes(services));
    await api.register(dialplanRoutes(services));
    await api.register(ivrMenusRoutes(services, options));
  };
