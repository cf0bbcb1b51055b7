// Trunks in dialplan rules. A rule names one of its tenant's trunks in `sofia/gateway/<trunk>/…`
// by the trunk's name (or id, or the older `<code>-<name>`); the compiled context bridges to the
// switch's gateway, named by the trunk's id, so only the tenant's own trunks are reachable and a
// rename changes nothing on the switch. Pure functions.
import type { DialplanAction } from '../../platform/db/schema.ts';
import { switchGatewayName } from '../../platform/switch/naming.ts';
import { gatewayReferences, mapGatewayReferences } from './dialplan.targets.ts';

export interface TrunkRef {
  id: string;
  name: string;
}

/** The tenant's trunk a rule's reference names, or null when it names none of them. */
export function resolveTrunk(reference: string, trunks: readonly TrunkRef[], tenantCode: string): TrunkRef | null {
  const lower = reference.toLowerCase();
  const byName = trunks.find((trunk) => trunk.name === reference) ?? trunks.find((trunk) => trunk.id === lower);
  if (byName) return byName;
  const legacy = `${tenantCode}-`;
  return reference.startsWith(legacy) ? (trunks.find((trunk) => trunk.name === reference.slice(legacy.length)) ?? null) : null;
}

type ActionLists = Partial<Record<'actions' | 'antiActions', readonly DialplanAction[]>>;

/** `{ path, message }` for each trunk reference of a rule that is not one of the tenant's trunks. */
export function unknownTrunks(rule: ActionLists, trunks: readonly TrunkRef[], tenantCode: string): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  for (const list of ['actions', 'antiActions'] as const) {
    (rule[list] ?? []).forEach((action, index) => {
      if (action.application !== 'bridge') return;
      for (const reference of gatewayReferences(action.data)) {
        if (!resolveTrunk(reference, trunks, tenantCode)) problems.push({ path: `${list}.${index}.data`, message: `${reference} is not a trunk of this tenant` });
      }
    });
  }
  return problems;
}

/** The actions as the switch runs them: each trunk reference becomes the trunk's gateway name. */
export function withGatewayNames(actions: readonly DialplanAction[], trunks: readonly TrunkRef[], tenantCode: string): DialplanAction[] {
  return actions.map((action) =>
    action.application === 'bridge'
      ? {
          ...action,
          data: mapGatewayReferences(action.data, (reference) => {
            const trunk = resolveTrunk(reference, trunks, tenantCode);
            if (!trunk) throw new Error(`unresolved trunk ${reference}`);
            return switchGatewayName(trunk.id);
          }),
        }
      : action,
  );
}
