// Seeded random numbers for the pacing simulation: mulberry32 (a tiny, well-known 32-bit generator;
// plenty for a simulation, not for anything secret), normal by Box–Muller, log-normal by moments.

export type Random = () => number;

export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function normal(random: Random): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A log-normal draw with the given mean and coefficient of variation. */
export function logNormal(random: Random, mean: number, cv: number): number {
  const sigma2 = Math.log(1 + cv * cv);
  return Math.exp(Math.log(mean) - sigma2 / 2 + Math.sqrt(sigma2) * normal(random));
}

export const uniform = (random: Random, low: number, high: number) => low + (high - low) * random();
