// What a domain module receives besides its own repository: the shared machinery, built once in app.ts.
import type { Logger } from 'pino';
import type { SipRegistrar } from '../config.ts';
import type { HostPort } from '../platform/net/private-hosts.ts';
import type { SecretBox } from '../platform/crypto/secrets.ts';
import type { DatabaseHandles } from '../platform/db/database.ts';
import type { RealtimePublisher } from '../platform/realtime/events.ts';
import type { ObjectStorage } from '../platform/storage/storage.ts';
import type { CallCenterCommands } from '../platform/switch/callcenter.ts';

export interface ModuleServices {
  db: DatabaseHandles;
  /** AES-256-GCM for secrets at rest. */
  secrets: SecretBox;
  storage: ObjectStorage;
  /** mod_callcenter agent and tier commands; they throw SwitchUnavailableError when the switch is down. */
  callCenter: CallCenterCommands;
  realtime: RealtimePublisher;
  log: Logger;
  /** Where phones register (shown with a SIP password). */
  sipRegistrar: SipRegistrar;
  /** Private hosts the operator lets trunks use (TRUNK_PRIVATE_HOSTS). */
  trunkPrivateHosts: readonly HostPort[];
}
