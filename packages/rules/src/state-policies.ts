// The per-state calling-hour policies a tenant may enable per campaign: the server enforces them,
// the console offers them by name.
type Day = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
/** Local "HH:MM" windows per weekday; a day left out is not called. */
export type CallingWindows = Partial<Record<Day, { start: string; end: string }[]>>;

export interface StatePolicy {
  id: string;
  /** The state (UF) whose callees the policy covers. */
  uf: string;
  name: string;
  source: string;
  /** Local windows in the callee's state; a day left out is not called. */
  windows: CallingWindows;
}

export const weekdays = (start: string, end: string) => Object.fromEntries((['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => [day, [{ start, end }]])) as CallingWindows;

/** Per-state rules a tenant may enable per campaign (decision 0045 lists the sources). */
export const STATE_POLICIES = {
  RJ_TELEMARKETING: {
    id: 'RJ_TELEMARKETING',
    uf: 'RJ',
    name: 'RJ telemarketing: Monday to Friday, 08:00–18:00',
    source: 'Lei estadual RJ 7.853/2018',
    windows: weekdays('08:00', '18:00'),
  },
  SP_COLLECTION: {
    id: 'SP_COLLECTION',
    uf: 'SP',
    name: 'SP debt collection: Monday to Friday 08:00–20:00, Saturday 08:00–14:00',
    source: 'Lei estadual SP 15.426/2014 (secondary source)',
    windows: { ...weekdays('08:00', '20:00'), sat: [{ start: '08:00', end: '14:00' }] },
  },
  AL_COLLECTION: {
    id: 'AL_COLLECTION',
    uf: 'AL',
    name: 'AL debt collection: Monday to Friday 08:00–20:00, Saturday 08:00–14:00',
    source: 'Alagoas state law on collection calls (secondary source)',
    windows: { ...weekdays('08:00', '20:00'), sat: [{ start: '08:00', end: '14:00' }] },
  },
} as const satisfies Record<string, StatePolicy>;

export type StatePolicyId = keyof typeof STATE_POLICIES;
