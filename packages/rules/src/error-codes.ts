// Every error `code` the API can answer, in one place. The error helpers (errors.ts) accept only
// these, so a typo is a type error, and the console's translations are checked against this list
// (error-codes.test.ts beside this file). To add a code: add it here, then its message to
// web/src/app/i18n/errors.en.json and errors.pt-BR.json (`errors.codes`).

export const E = {
  // Shapes every endpoint shares.
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  NOT_FOUND: 'NOT_FOUND',
  ALREADY_EXISTS: 'ALREADY_EXISTS',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  BAD_REQUEST: 'BAD_REQUEST',
  INVALID_URL: 'INVALID_URL',
  EMPTY_JSON_BODY: 'EMPTY_JSON_BODY',
  INVALID_JSON: 'INVALID_JSON',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  INVALID_CONTENT_LENGTH: 'INVALID_CONTENT_LENGTH',
  BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  INVALID_CONTENT_TYPE: 'INVALID_CONTENT_TYPE',
  FILE_REQUIRED: 'FILE_REQUIRED',
  INVALID_MULTIPART: 'INVALID_MULTIPART',
  RATE_LIMITED: 'RATE_LIMITED',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  CACHE_UNAVAILABLE: 'CACHE_UNAVAILABLE',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  // Authentication and access.
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_TOKEN: 'INVALID_TOKEN',
  INVALID_REFRESH_TOKEN: 'INVALID_REFRESH_TOKEN',
  REFRESH_TOKEN_REUSED: 'REFRESH_TOKEN_REUSED',
  SESSION_REVOKED: 'SESSION_REVOKED',
  USER_DISABLED: 'USER_DISABLED',
  NOT_A_MEMBER: 'NOT_A_MEMBER',
  TENANT_SUSPENDED: 'TENANT_SUSPENDED',
  TENANT_NOT_AVAILABLE: 'TENANT_NOT_AVAILABLE',
  TENANT_REQUIRED: 'TENANT_REQUIRED',
  PLATFORM_ONLY: 'PLATFORM_ONLY',
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
  INVALID_CURRENT_PASSWORD: 'INVALID_CURRENT_PASSWORD',
  PASSWORD_UNCHANGED: 'PASSWORD_UNCHANGED',
  // Platform, tenants, users, plans.
  CANNOT_DISABLE_SELF: 'CANNOT_DISABLE_SELF',
  LAST_PLATFORM_ADMIN: 'LAST_PLATFORM_ADMIN',
  CANNOT_REMOVE_SELF: 'CANNOT_REMOVE_SELF',
  LAST_TENANT_ADMIN: 'LAST_TENANT_ADMIN',
  CANNOT_RESET_OWN_PASSWORD: 'CANNOT_RESET_OWN_PASSWORD',
  USER_SHARED_WITH_OTHERS: 'USER_SHARED_WITH_OTHERS',
  INVALID_TELEPHONY_DOMAIN: 'INVALID_TELEPHONY_DOMAIN',
  UNKNOWN_PLAN: 'UNKNOWN_PLAN',
  PLAN_IS_DEFAULT: 'PLAN_IS_DEFAULT',
  PLAN_IN_USE: 'PLAN_IN_USE',
  QUOTA_EXCEEDED: 'QUOTA_EXCEEDED',
  LEAD_QUOTA_EXCEEDED: 'LEAD_QUOTA_EXCEEDED',
  // Telephony configuration.
  EXTENSION_IN_USE: 'EXTENSION_IN_USE',
  TRUNK_CREDENTIALS_REQUIRED: 'TRUNK_CREDENTIALS_REQUIRED',
  TRUNK_HOST_PRIVATE: 'TRUNK_HOST_PRIVATE',
  INVALID_DESTINATION: 'INVALID_DESTINATION',
  // Phone numbers (decision 0063).
  INVALID_PHONE_NUMBER: 'INVALID_PHONE_NUMBER',
  NUMBER_NOT_ASSIGNED: 'NUMBER_NOT_ASSIGNED',
  NUMBER_IN_USE: 'NUMBER_IN_USE',
  NUMBER_RANGE_TOO_LARGE: 'NUMBER_RANGE_TOO_LARGE',
  UNKNOWN_CONTEXT: 'UNKNOWN_CONTEXT',
  UNKNOWN_TRUNK: 'UNKNOWN_TRUNK',
  VERSION_ALREADY_ACTIVE: 'VERSION_ALREADY_ACTIVE',
  CONTEXT_RESERVED: 'CONTEXT_RESERVED',
  DIALPLAN_NOT_ALLOWED: 'DIALPLAN_NOT_ALLOWED',
  DUPLICATE_DIGIT: 'DUPLICATE_DIGIT',
  INVALID_TARGET_EXTENSION: 'INVALID_TARGET_EXTENSION',
  INVALID_IVR_TARGET: 'INVALID_IVR_TARGET',
  IVR_TARGET_LOOP: 'IVR_TARGET_LOOP',
  IVR_MENU_IN_USE: 'IVR_MENU_IN_USE',
  INVALID_WAV: 'INVALID_WAV',
  // Call center.
  QUEUE_IN_USE: 'QUEUE_IN_USE',
  INVALID_AGENT: 'INVALID_AGENT',
  INVALID_USER: 'INVALID_USER',
  INVALID_EXTENSION: 'INVALID_EXTENSION',
  AGENT_STATE_READ_ONLY: 'AGENT_STATE_READ_ONLY',
  INVALID_AGENT_TRANSITION: 'INVALID_AGENT_TRANSITION',
  INVALID_PAUSE_REASON: 'INVALID_PAUSE_REASON',
  AGENT_EXTENSION_DELETED: 'AGENT_EXTENSION_DELETED',
  // Recordings.
  RECORDING_NOT_AVAILABLE: 'RECORDING_NOT_AVAILABLE',
  RECORDING_DELETED: 'RECORDING_DELETED',
  RANGE_NOT_SATISFIABLE: 'RANGE_NOT_SATISFIABLE',
  STORAGE_UNAVAILABLE: 'STORAGE_UNAVAILABLE',
  // Calls and recordings.
  INVALID_DISPOSITION: 'INVALID_DISPOSITION',
  // Campaigns.
  INVALID_CAMPAIGN_TRANSITION: 'INVALID_CAMPAIGN_TRANSITION',
  CAMPAIGN_ACTIVE: 'CAMPAIGN_ACTIVE',
  INVALID_PACING: 'INVALID_PACING',
  INVALID_SCHEDULE: 'INVALID_SCHEDULE',
  INVALID_TIMEZONE: 'INVALID_TIMEZONE',
  INVALID_QUEUE: 'INVALID_QUEUE',
  USED_BY_CAMPAIGN: 'USED_BY_CAMPAIGN',
  CAMPAIGN_STOPPED: 'CAMPAIGN_STOPPED',
  // CSV imports (decision 0042): the file is refused whole, nothing imported.
  EMPTY_FILE: 'EMPTY_FILE',
  NO_DATA_ROWS: 'NO_DATA_ROWS',
  NO_PHONE_COLUMN: 'NO_PHONE_COLUMN',
  DUPLICATE_COLUMN: 'DUPLICATE_COLUMN',
  TOO_MANY_COLUMNS: 'TOO_MANY_COLUMNS',
  FIELD_TOO_LONG: 'FIELD_TOO_LONG',
  BINARY_FILE: 'BINARY_FILE',
  INVALID_ENCODING: 'INVALID_ENCODING',
  INVALID_CSV: 'INVALID_CSV',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  // Leads, callbacks and the suppression list.
  INVALID_PHONE: 'INVALID_PHONE',
  CALLBACK_TIME_REQUIRED: 'CALLBACK_TIME_REQUIRED',
  CALLBACK_TIME_NOT_ALLOWED: 'CALLBACK_TIME_NOT_ALLOWED',
  CALLBACK_TIME_NOT_IN_FUTURE: 'CALLBACK_TIME_NOT_IN_FUTURE',
  CALLBACK_TIME_TOO_FAR: 'CALLBACK_TIME_TOO_FAR',
  // Reports.
  REPORT_PERIOD_ORDER: 'REPORT_PERIOD_ORDER',
  REPORT_PERIOD_TOO_LONG: 'REPORT_PERIOD_TOO_LONG',
  REPORT_PERIOD_NOT_ALIGNED: 'REPORT_PERIOD_NOT_ALIGNED',
  REPORT_PERIOD_INCOMPLETE: 'REPORT_PERIOD_INCOMPLETE',
  NUMBER_SUPPRESSED: 'NUMBER_SUPPRESSED',
} as const;

export type ErrorCode = (typeof E)[keyof typeof E];
export const ERROR_CODES: readonly ErrorCode[] = Object.values(E);

/**
 * What a 404 NOT_FOUND names in `params.resource` (English word for the server's own message); the
 * console words each one (`errors.notFound.<resource>`).
 */
export const NOT_FOUND_RESOURCES = {
  resource: 'Resource',
  tenant: 'Tenant',
  phoneNumber: 'Phone number',
  plan: 'Plan',
  user: 'User',
  extension: 'Extension',
  trunk: 'Trunk',
  inboundRoute: 'Inbound route',
  dialplanRule: 'Dialplan rule',
  dialplanVersion: 'Dialplan version',
  ivrMenu: 'IVR menu',
  prompt: 'Prompt',
  queue: 'Queue',
  queueAgent: 'Agent in this queue',
  agent: 'Agent',
  pauseReason: 'Pause reason',
  disposition: 'Disposition',
  call: 'Call',
  campaign: 'Campaign',
  abandonMessage: 'Abandon message',
  recording: 'Recording',
  listImport: 'Import',
  suppressionEntry: 'Suppression entry',
  callback: 'Callback',
} as const;
export type NotFoundResource = keyof typeof NOT_FOUND_RESOURCES;

/**
 * What a 409 ALREADY_EXISTS collided on, in `params.subject`, with the value in `params.value`;
 * the console words each one (`errors.alreadyExists.<subject>`).
 */
export const CONFLICT_SUBJECTS = [
  'planId',
  'tenantCode',
  'telephonyDomain',
  'member',
  'extensionNumber',
  'trunkName',
  'inboundRouteDid',
  'phoneNumber',
  'ivrMenuContext',
  'queueName',
  'campaignName',
  'agentUser',
  'agentExtension',
  'pauseReasonCode',
  'dispositionCode',
  'suppressedPhone',
] as const;
export type ConflictSubject = (typeof CONFLICT_SUBJECTS)[number];

/**
 * Why a field of a VALIDATION_FAILED answer was refused, in `details[].rule` (Ajv's keyword, or one
 * of ours), with the rule's numbers in `details[].params`; the console words each (`errors.rules.<rule>`).
 */
export const VALIDATION_RULES = [
  'required',
  'type',
  'additionalProperties',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'anyOf',
  'oneOf',
  'storableText',
  'timezone',
] as const;
export type ValidationRule = (typeof VALIDATION_RULES)[number];
