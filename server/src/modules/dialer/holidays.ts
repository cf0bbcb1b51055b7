// Pure: Brazilian holidays on which the dialer does not call, by the callee's state.
// National: Lei 662/1949 as amended by Lei 10.607/2002 (1 Jan, 21 Apr, 1 May, 7 Sep, 15 Nov,
// 25 Dec), Lei 6.802/1980 (12 Oct), Lei 14.759/2023 (20 Nov, from 2024), Lei 9.093/1995 (religious
// days, Sexta-feira Santa among them; kept nationally). 2 Nov (Finados) is in Lei 10.607/2002.
// Carnaval (Monday and Tuesday) and Corpus Christi are "pontos facultativos" of the federal
// calendar, not holidays by law; they are OPTIONAL here and skipped unless a campaign opts to call
// (decision 0045). State holidays: the state laws named in STATE_HOLIDAYS.

export type HolidayKind = 'NATIONAL' | 'STATE' | 'OPTIONAL';

export interface Holiday {
  /** Local date, YYYY-MM-DD. */
  date: string;
  name: string;
  kind: HolidayKind;
  /** The law or act it comes from. */
  source: string;
}

/** Easter Sunday (Gregorian), by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

const iso = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** A date `days` after Easter Sunday (negative before). */
function fromEaster(year: number, days: number): string {
  const { month, day } = easterSunday(year);
  const at = new Date(Date.UTC(year, month - 1, day + days));
  return iso(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
}

const FIXED_NATIONAL: readonly [number, number, string, string, number?][] = [
  [1, 1, 'Confraternização Universal', 'Lei 662/1949, Lei 10.607/2002'],
  [4, 21, 'Tiradentes', 'Lei 662/1949, Lei 10.607/2002'],
  [5, 1, 'Dia do Trabalho', 'Lei 662/1949, Lei 10.607/2002'],
  [9, 7, 'Independência do Brasil', 'Lei 662/1949, Lei 10.607/2002'],
  [10, 12, 'Nossa Senhora Aparecida', 'Lei 6.802/1980'],
  [11, 2, 'Finados', 'Lei 10.607/2002'],
  [11, 15, 'Proclamação da República', 'Lei 662/1949, Lei 10.607/2002'],
  [11, 20, 'Dia Nacional de Zumbi e da Consciência Negra', 'Lei 14.759/2023', 2024],
  [12, 25, 'Natal', 'Lei 662/1949, Lei 10.607/2002'],
];

/**
 * State holidays of the states the platform is asked for first. Each with its state law; a law
 * number marked "to confirm" came from the state's published calendar and is kept for review.
 */
export const STATE_HOLIDAYS: Readonly<Record<string, readonly { month: number; day: number; name: string; source: string }[]>> = {
  SP: [{ month: 7, day: 9, name: 'Revolução Constitucionalista de 1932', source: 'Lei estadual SP 9.497/1997' }],
  RJ: [{ month: 4, day: 23, name: 'Dia de São Jorge', source: 'Lei estadual RJ 5.198/2008' }],
  // MG's "Data Magna" is 21 April (Constituição do Estado de Minas Gerais, art. 256), already national.
  MG: [],
  BA: [{ month: 7, day: 2, name: 'Independência da Bahia', source: 'Constituição do Estado da Bahia (article to confirm)' }],
  RS: [{ month: 9, day: 20, name: 'Revolução Farroupilha', source: 'Lei estadual RS 4.850/1964' }],
  PR: [{ month: 12, day: 19, name: 'Emancipação Política do Paraná', source: 'Lei estadual PR 4.658/1962 (to confirm)' }],
  PE: [{ month: 3, day: 6, name: 'Data Magna de Pernambuco (Revolução Pernambucana)', source: 'Lei estadual PE 16.241/2017 (to confirm)' }],
  CE: [
    { month: 3, day: 19, name: 'Dia de São José', source: 'Ceará state holiday (law number to confirm)' },
    { month: 3, day: 25, name: 'Data Magna do Ceará (abolição da escravatura no Ceará)', source: 'Ceará state holiday (law number to confirm)' },
  ],
};

/** RJ also made Carnaval Tuesday a state holiday (Lei estadual RJ 5.243/2008). */
const RJ_CARNAVAL_TUESDAY_SOURCE = 'Lei estadual RJ 5.243/2008';

const cache = new Map<string, Holiday[]>();

/** Every holiday of a year for a state (national, the state's own, and the optional days). */
export function holidaysOf(year: number, uf: string | null): readonly Holiday[] {
  const key = `${year}|${uf ?? ''}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const list = buildHolidays(year, uf);
  cache.set(key, list);
  return list;
}

function buildHolidays(year: number, uf: string | null): Holiday[] {
  const list: Holiday[] = FIXED_NATIONAL.filter(([, , , , from]) => from === undefined || year >= from).map(([month, day, name, source]) => ({
    date: iso(year, month, day),
    name,
    kind: 'NATIONAL',
    source,
  }));
  list.push({ date: fromEaster(year, -2), name: 'Sexta-feira Santa', kind: 'NATIONAL', source: 'Lei 9.093/1995' });
  const carnavalTuesday: Holiday =
    uf === 'RJ'
      ? { date: fromEaster(year, -47), name: 'Carnaval (terça-feira)', kind: 'STATE', source: RJ_CARNAVAL_TUESDAY_SOURCE }
      : { date: fromEaster(year, -47), name: 'Carnaval (terça-feira)', kind: 'OPTIONAL', source: 'ponto facultativo (federal calendar)' };
  list.push({ date: fromEaster(year, -48), name: 'Carnaval (segunda-feira)', kind: 'OPTIONAL', source: 'ponto facultativo (federal calendar)' }, carnavalTuesday);
  list.push({ date: fromEaster(year, 60), name: 'Corpus Christi', kind: 'OPTIONAL', source: 'ponto facultativo (federal calendar); municipal holiday in many cities' });
  for (const holiday of (uf && STATE_HOLIDAYS[uf]) || []) {
    list.push({ date: iso(year, holiday.month, holiday.day), name: holiday.name, kind: 'STATE', source: holiday.source });
  }
  return list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The holiday on a local date (YYYY-MM-DD) for a state, or null; optional days only when observed. */
export function holidayOn(date: string, uf: string | null, observeOptional = true): Holiday | null {
  const year = Number(date.slice(0, 4));
  return holidaysOf(year, uf).find((holiday) => holiday.date === date && (observeOptional || holiday.kind !== 'OPTIONAL')) ?? null;
}
