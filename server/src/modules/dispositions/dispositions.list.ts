// Dispositions as a code list; `action` says what classifying a call does to its lead. Agents hold
// dispositions.view: they classify their own calls.
import { Disposition, DispositionCreateBody, DispositionPatchBody } from './dispositions.schema.ts';

export const DISPOSITIONS = {
  table: 'dispositions',
  path: '/dispositions',
  label: 'Disposition',
  resource: 'disposition',
  audit: { actionPrefix: 'DISPOSITION', targetType: 'disposition' },
  access: { read: 'dispositions.view', write: 'dispositions.manage' },
  schemas: { item: Disposition, create: DispositionCreateBody, patch: DispositionPatchBody },
  extraColumns: ['action'],
} as const;
