// Telephony: dialplans, extensions, trunks, inbound routes, numbers and IVR menus.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, CreatedAt, Json, SoftDelete, Stamps, Defaulted } from './column-types.ts';

export interface DialplanAction {
  application: string;
  data: string;
}

export interface DialplanRulesTable {
  id: Generated<string>;
  tenantId: string;
  context: string;
  name: string;
  conditionField: string;
  conditionExpression: string;
  actions: Json<DialplanAction[]>;
  antiActions: Json<DialplanAction[]>;
  continue: ColumnType<boolean, boolean | undefined, boolean>;
  sortOrder: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  deletedAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export type DialplanVersionStatus = 'DRAFT' | 'ACTIVE' | 'SUPERSEDED';

export interface DialplanVersionsTable {
  id: Generated<string>;
  tenantId: string;
  context: string;
  number: number;
  xml: string;
  status: ColumnType<DialplanVersionStatus, DialplanVersionStatus | undefined, DialplanVersionStatus>;
  createdBy: string | null;
  createdAt: CreatedAt;
  activatedAt: Date | null;
}


export interface ExtensionsTable extends SoftDelete, Stamps {
  id: Generated<string>;
  tenantId: string;
  number: string;
  sipPasswordSealed: string;
  callerId: string | null;
  context: Defaulted<string>;
  sipProfile: Defaulted<string>;
  codecs: Defaulted<string[]>;
  maxRegistrations: Defaulted<number>;
  callGroup: string | null;
  registeredAt: Date | null;
  registrationContact: string | null;
  lastRegistrationFailureAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  lastRegistrationFailureIp: ColumnType<string | null, string | null | undefined, string | null>;
}

export type TrunkStatus = 'UNKNOWN' | 'UP' | 'DOWN' | 'REGISTERING' | 'FAILED' | 'UNREGISTERED';

export interface TrunksTable extends SoftDelete, Stamps {
  id: Generated<string>;
  tenantId: string;
  name: string;
  host: string;
  proxy: string | null;
  realm: string | null;
  register: Defaulted<boolean>;
  username: string | null;
  passwordSealed: string | null;
  dtmfMode: Defaulted<string>;
  ping: number | null;
  transport: Defaulted<string>;
  fromUser: string | null;
  fromDomain: string | null;
  registerProxy: string | null;
  outboundProxy: string | null;
  expireSeconds: number | null;
  callerIdInFrom: Defaulted<boolean>;
  status: Defaulted<TrunkStatus>;
  statusUpdatedAt: Date | null;
  /** The TRUNK CPS bucket; null: no trunk limit. */
  cpsLimit: ColumnType<number | null, number | null | undefined, number | null>;
}

export type InboundDestinationType = 'EXTENSION' | 'IVR' | 'QUEUE' | 'CALL_GROUP';

export interface InboundRoutesTable extends SoftDelete, Stamps {
  id: Generated<string>;
  tenantId: string;
  didNumber: string;
  destinationType: InboundDestinationType;
  destinationNumber: string;
  description: string | null;
}

/** A number of the platform's inventory, assigned to one tenant (decision 0063). */
export interface PhoneNumbersTable {
  id: Generated<string>;
  tenantId: string;
  number: string;
  createdAt: Generated<Date>;
}

export interface IvrMenusTable extends SoftDelete, Stamps {
  id: Generated<string>;
  tenantId: string;
  name: string;
  context: string;
  greeting: Defaulted<string>;
  promptObjectKey: string | null;
  promptSizeBytes: number | null;
  entryPositionX: number | null;
  entryPositionY: number | null;
  timeoutSeconds: Defaulted<number>;
  maxFailures: Defaulted<number>;
  failureTargetType: Defaulted<IvrTargetType>;
  failureTargetExtension: string | null;
  failureTargetQueueId: string | null;
  failureTargetMenuId: string | null;
}

export type IvrTargetType = 'EXTENSION' | 'QUEUE' | 'IVR' | 'HANGUP';

export interface IvrOptionsTable {
  id: Generated<string>;
  tenantId: string;
  menuId: string;
  digit: string;
  targetType: Defaulted<IvrTargetType>;
  targetExtension: string | null;
  targetQueueId: string | null;
  targetMenuId: string | null;
  label: string | null;
  positionX: number | null;
  positionY: number | null;
}
