import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../auth/login.page.tsx';
import { HomePage } from '../home/home.page.tsx';
import { RequirePermission, RequireSession, RequireSignedIn } from './guards.tsx';
import { Loading } from './feedback.tsx';
import { Layout } from './layout.tsx';
import { MENU, type MenuPath } from './menu.ts';

// Every page but the first ones (sign-in, home) loads when first opened: the console is split by
// route, so the first screen does not wait for the IVR editor, the charts or the diff.
const page = <Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) => lazy(() => load().then((module) => ({ default: module[name] })));
const AgentsPage = page(() => import('../agents/agents.page.tsx'), 'AgentsPage');
const AuditLogPage = page(() => import('../audit/audit-log.page.tsx'), 'AuditLogPage');
const ChangePasswordPage = page(() => import('../auth/change-password.page.tsx'), 'ChangePasswordPage');
const SelectTenantPage = page(() => import('../auth/select-tenant.page.tsx'), 'SelectTenantPage');
const CallbacksPage = page(() => import('../callbacks/callbacks.page.tsx'), 'CallbacksPage');
const CallsPage = page(() => import('../calls/calls.page.tsx'), 'CallsPage');
const CampaignDetailPage = page(() => import('../campaigns/campaign-detail.page.tsx'), 'CampaignDetailPage');
const CampaignsPage = page(() => import('../campaigns/campaigns.page.tsx'), 'CampaignsPage');
const CodeListPage = page(() => import('../code-lists/code-list.page.tsx'), 'CodeListPage');
const ExtensionsPage = page(() => import('../extensions/extensions.page.tsx'), 'ExtensionsPage');
const InboundRoutesPage = page(
  () => import('../inbound-routes/inbound-routes.page.tsx'),
  'InboundRoutesPage',
);
const PlansPage = page(() => import('../plans/plans.page.tsx'), 'PlansPage');
const PlatformUsersPage = page(
  () => import('../platform-users/platform-users.page.tsx'),
  'PlatformUsersPage',
);
const QueuesPage = page(() => import('../queues/queues.page.tsx'), 'QueuesPage');
const SettingsPage = page(() => import('../settings/settings.page.tsx'), 'SettingsPage');
const SuppressionPage = page(() => import('../suppression/suppression.page.tsx'), 'SuppressionPage');
const SystemPage = page(() => import('../system/system.page.tsx'), 'SystemPage');
const TenantsPage = page(() => import('../tenants/tenants.page.tsx'), 'TenantsPage');
const TrunksPage = page(() => import('../trunks/trunks.page.tsx'), 'TrunksPage');
const UsersPage = page(() => import('../users/users.page.tsx'), 'UsersPage');
const WallboardPage = page(() => import('../wallboard/wallboard.page.tsx'), 'WallboardPage');
const IvrMenusPage = page(() => import('../ivr-menus/ivr-menus.page.tsx'), 'IvrMenusPage');
const DialplanPage = page(() => import('../dialplan/dialplan.page.tsx'), 'DialplanPage');
const DashboardPage = page(() => import('../reports/dashboard.page.tsx'), 'DashboardPage');
const QueueReportPage = page(() => import('../reports/queue-report.page.tsx'), 'QueueReportPage');
const AgentReportPage = page(() => import('../reports/agent-report.page.tsx'), 'AgentReportPage');
const CampaignReportPage = page(() => import('../reports/campaign-report.page.tsx'), 'CampaignReportPage');
const UsagePage = page(() => import('../reports/usage.page.tsx'), 'UsagePage');

/** The page of each menu entry; its path and permission come from MENU. */
const MENU_PAGES: Record<MenuPath, ReactNode> = {
  '/admin/tenants': <TenantsPage />,
  '/admin/plans': <PlansPage />,
  '/admin/users': <PlatformUsersPage />,
  '/admin/audit-log': <AuditLogPage key="platform" scope="platform" />,
  '/admin/system': <SystemPage />,
  '/tenant/wallboard': <WallboardPage />,
  '/tenant/calls': <CallsPage />,
  '/tenant/reports/dashboard': <DashboardPage />,
  '/tenant/reports/queues': <QueueReportPage />,
  '/tenant/reports/agents': <AgentReportPage key="all" />,
  '/tenant/reports/campaigns': <CampaignReportPage />,
  '/tenant/reports/usage': <UsagePage />,
  '/tenant/reports/me': <AgentReportPage key="own" own />,
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
        <Route
          path="/change-password"
          element={
            <Suspense fallback={<Loading />}>
              <ChangePasswordPage />
            </Suspense>
          }
        />
        <Route
          path="/select-tenant"
          element={
            <Suspense fallback={<Loading />}>
              <SelectTenantPage />
            </Suspense>
          }
        />
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
                <Suspense fallback={<Loading />}>
                  <CampaignDetailPage />
                </Suspense>
              </RequirePermission>
            }
          />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
