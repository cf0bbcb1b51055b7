import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AgentsPage } from '../agents/agents.page.tsx';
import { AuditLogPage } from '../audit/audit-log.page.tsx';
import { ChangePasswordPage } from '../auth/change-password.page.tsx';
import { LoginPage } from '../auth/login.page.tsx';
import { SelectTenantPage } from '../auth/select-tenant.page.tsx';
import { CallbacksPage } from '../callbacks/callbacks.page.tsx';
import { CallsPage } from '../calls/calls.page.tsx';
import { CampaignDetailPage } from '../campaigns/campaign-detail.page.tsx';
import { CampaignsPage } from '../campaigns/campaigns.page.tsx';
import { CodeListPage } from '../code-lists/code-list.page.tsx';
import { ExtensionsPage } from '../extensions/extensions.page.tsx';
import { HomePage } from '../home/home.page.tsx';
import { InboundRoutesPage } from '../inbound-routes/inbound-routes.page.tsx';
import { PlansPage } from '../plans/plans.page.tsx';
import { PlatformUsersPage } from '../platform-users/platform-users.page.tsx';
import { QueuesPage } from '../queues/queues.page.tsx';
import { SettingsPage } from '../settings/settings.page.tsx';
import { SuppressionPage } from '../suppression/suppression.page.tsx';
import { SystemPage } from '../system/system.page.tsx';
import { TenantsPage } from '../tenants/tenants.page.tsx';
import { TrunksPage } from '../trunks/trunks.page.tsx';
import { UsersPage } from '../users/users.page.tsx';
import { WallboardPage } from '../wallboard/wallboard.page.tsx';
import { RequirePermission, RequireSession, RequireSignedIn } from './guards.tsx';
import { Loading } from './feedback.tsx';
import { Layout } from './layout.tsx';
import { MENU, type MenuPath } from './menu.ts';

// The two heaviest pages (the flow editor, the diff) load when first opened.
const IvrMenusPage = lazy(() =>
  import('../ivr-menus/ivr-menus.page.tsx').then((module) => ({ default: module.IvrMenusPage })),
);
const DialplanPage = lazy(() =>
  import('../dialplan/dialplan.page.tsx').then((module) => ({ default: module.DialplanPage })),
);

/** The page of each menu entry; its path and permission come from MENU. */
const MENU_PAGES: Record<MenuPath, ReactNode> = {
  '/admin/tenants': <TenantsPage />,
  '/admin/plans': <PlansPage />,
  '/admin/users': <PlatformUsersPage />,
  '/admin/audit-log': <AuditLogPage key="platform" scope="platform" />,
  '/admin/system': <SystemPage />,
  '/tenant/wallboard': <WallboardPage />,
  '/tenant/calls': <CallsPage />,
  '/tenant/users': <UsersPage />,
  '/tenant/extensions': <ExtensionsPage />,
  '/tenant/trunks': <TrunksPage />,
  '/tenant/queues': <QueuesPage />,
  '/tenant/agents': <AgentsPage />,
  '/tenant/campaigns': <CampaignsPage />,
  '/tenant/callbacks': <CallbacksPage />,
  '/tenant/suppression': <SuppressionPage />,
  '/tenant/pause-reasons': <CodeListPage key="pauseReasons" kind="pauseReasons" />,
  '/tenant/dispositions': <CodeListPage key="dispositions" kind="dispositions" />,
  '/tenant/inbound-routes': <InboundRoutesPage />,
  '/tenant/ivr-menus': <IvrMenusPage />,
  '/tenant/dialplan': <DialplanPage />,
  '/tenant/settings': <SettingsPage />,
  '/tenant/audit-log': <AuditLogPage key="tenant" scope="tenant" />,
};

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route element={<RequireSignedIn />}>
        <Route path="/change-password" element={<ChangePasswordPage />} />
        <Route path="/select-tenant" element={<SelectTenantPage />} />
      </Route>
      <Route element={<RequireSession />}>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          {MENU.map((entry) => (
            <Route
              key={entry.path}
              path={entry.path}
              element={
                <RequirePermission permission={entry.permission}>
                  <Suspense fallback={<Loading />}>{MENU_PAGES[entry.path]}</Suspense>
                </RequirePermission>
              }
            />
          ))}
          <Route
            path="/tenant/campaigns/:campaignId"
            element={
              <RequirePermission permission="campaigns.view">
                <CampaignDetailPage />
              </RequirePermission>
            }
          />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
