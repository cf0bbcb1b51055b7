import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { PermissionKey } from '../../../server/src/platform/auth/permissions.ts';
import { AgentsPage } from '../agents/agents.page.tsx';
import { AuditLogPage } from '../audit/audit-log.page.tsx';
import { ChangePasswordPage } from '../auth/change-password.page.tsx';
import { LoginPage } from '../auth/login.page.tsx';
import { SelectTenantPage } from '../auth/select-tenant.page.tsx';
import { CodeListPage } from '../code-lists/code-list.page.tsx';
import { ExtensionsPage } from '../extensions/extensions.page.tsx';
import { HomePage } from '../home/home.page.tsx';
import { InboundRoutesPage } from '../inbound-routes/inbound-routes.page.tsx';
import { PlansPage } from '../plans/plans.page.tsx';
import { PlatformUsersPage } from '../platform-users/platform-users.page.tsx';
import { QueuesPage } from '../queues/queues.page.tsx';
import { SettingsPage } from '../settings/settings.page.tsx';
import { SystemPage } from '../system/system.page.tsx';
import { TenantsPage } from '../tenants/tenants.page.tsx';
import { TrunksPage } from '../trunks/trunks.page.tsx';
import { UsersPage } from '../users/users.page.tsx';
import { RequirePermission, RequireSession, RequireSignedIn } from './guards.tsx';
import { Loading } from './feedback.tsx';
import { Layout } from './layout.tsx';

// The two heaviest pages (the flow editor, the diff) load when first opened.
const IvrMenusPage = lazy(() =>
  import('../ivr-menus/ivr-menus.page.tsx').then((module) => ({ default: module.IvrMenusPage })),
);
const DialplanPage = lazy(() =>
  import('../dialplan/dialplan.page.tsx').then((module) => ({ default: module.DialplanPage })),
);

function guarded(permission: PermissionKey, page: ReactNode) {
  return (
    <RequirePermission permission={permission}>
      <Suspense fallback={<Loading />}>{page}</Suspense>
    </RequirePermission>
  );
}

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
          <Route path="/admin/tenants" element={guarded('platform.tenants.manage', <TenantsPage />)} />
          <Route path="/admin/plans" element={guarded('platform.tenants.manage', <PlansPage />)} />
          <Route path="/admin/users" element={guarded('platform.users.manage', <PlatformUsersPage />)} />
          <Route path="/admin/audit-log" element={guarded('platform.operations.view', <AuditLogPage />)} />
          <Route path="/admin/system" element={guarded('platform.operations.view', <SystemPage />)} />
          <Route path="/tenant/users" element={guarded('users.manage', <UsersPage />)} />
          <Route path="/tenant/extensions" element={guarded('extensions.view', <ExtensionsPage />)} />
          <Route path="/tenant/trunks" element={guarded('trunks.view', <TrunksPage />)} />
          <Route path="/tenant/queues" element={guarded('queues.view', <QueuesPage />)} />
          <Route path="/tenant/agents" element={guarded('agents.view', <AgentsPage />)} />
          <Route
            path="/tenant/pause-reasons"
            element={guarded('agents.view', <CodeListPage key="pauseReasons" kind="pauseReasons" />)}
          />
          <Route
            path="/tenant/dispositions"
            element={guarded('dispositions.view', <CodeListPage key="dispositions" kind="dispositions" />)}
          />
          <Route path="/tenant/inbound-routes" element={guarded('freeswitch.view', <InboundRoutesPage />)} />
          <Route path="/tenant/dialplan" element={guarded('freeswitch.view', <DialplanPage />)} />
          <Route path="/tenant/ivr-menus" element={guarded('freeswitch.view', <IvrMenusPage />)} />
          <Route path="/tenant/settings" element={guarded('settings.manage', <SettingsPage />)} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
