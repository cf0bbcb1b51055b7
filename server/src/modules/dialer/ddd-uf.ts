// Pure: Brazilian area code (DDD) → state (UF) → IANA time zone.
// Source: Anatel, Plano Geral de Códigos Nacionais (PGCN, Resolução 263/2001 and its annex of
// "Códigos Nacionais" by area), the 67 two-digit codes 11–99 in use. A few codes reach across a
// border (61 also serves towns of Goiás around Brasília); the state is that of the code's main
// area, which is what calling-hour rules can be checked against.

export const UFS = ['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO'] as const;
export type Uf = (typeof UFS)[number];

const CODES_BY_UF: Record<Uf, readonly number[]> = {
  SP: [11, 12, 13, 14, 15, 16, 17, 18, 19],
  RJ: [21, 22, 24],
  ES: [27, 28],
  MG: [31, 32, 33, 34, 35, 37, 38],
  PR: [41, 42, 43, 44, 45, 46],
  SC: [47, 48, 49],
  RS: [51, 53, 54, 55],
  DF: [61],
  GO: [62, 64],
  TO: [63],
  MT: [65, 66],
  MS: [67],
  AC: [68],
  RO: [69],
  BA: [71, 73, 74, 75, 77],
  SE: [79],
  PE: [81, 87],
  AL: [82],
  PB: [83],
  RN: [84],
  CE: [85, 88],
  PI: [86, 89],
  PA: [91, 93, 94],
  AM: [92, 97],
  RR: [95],
  AP: [96],
  MA: [98, 99],
};

export const DDD_TO_UF: ReadonlyMap<number, Uf> = new Map(UFS.flatMap((uf) => CODES_BY_UF[uf].map((code) => [code, uf] as const)));

/**
 * The zone of the state's capital. Two states span two zones: Amazonas (Manaus UTC−4; its
 * south-west, e.g. Eirunepé, UTC−5: America/Eirunepe) and Pernambuco (Recife UTC−3; Fernando de
 * Noronha UTC−2: America/Noronha). Their capitals hold almost all the population; a lead in the
 * other zone is called one hour later or earlier in its own clock than the rule assumes, which
 * the default windows leave room for (decision 0045).
 */
export const UF_TIME_ZONE: Readonly<Record<Uf, string>> = {
  AC: 'America/Rio_Branco',
  AL: 'America/Maceio',
  AM: 'America/Manaus',
  AP: 'America/Belem',
  BA: 'America/Bahia',
  CE: 'America/Fortaleza',
  DF: 'America/Sao_Paulo',
  ES: 'America/Sao_Paulo',
  GO: 'America/Sao_Paulo',
  MA: 'America/Fortaleza',
  MG: 'America/Sao_Paulo',
  MS: 'America/Campo_Grande',
  MT: 'America/Cuiaba',
  PA: 'America/Belem',
  PB: 'America/Fortaleza',
  PE: 'America/Recife',
  PI: 'America/Fortaleza',
  PR: 'America/Sao_Paulo',
  RJ: 'America/Sao_Paulo',
  RN: 'America/Fortaleza',
  RO: 'America/Porto_Velho',
  RR: 'America/Boa_Vista',
  RS: 'America/Sao_Paulo',
  SC: 'America/Sao_Paulo',
  SE: 'America/Maceio',
  SP: 'America/Sao_Paulo',
  TO: 'America/Araguaina',
};

/** The DDD of a Brazilian E.164 number (+55 DD …), or null. */
export function dddOf(e164: string): number | null {
  const match = /^\+55(\d{2})\d{8,9}$/.exec(e164);
  return match ? Number(match[1]) : null;
}

/** The state of a Brazilian E.164 number, or null when it is not one or its DDD is not in use. */
export function ufOfPhone(e164: string): Uf | null {
  const ddd = dddOf(e164);
  return ddd === null ? null : (DDD_TO_UF.get(ddd) ?? null);
}
