// A bounded closed-loop load generator: `concurrency` workers repeat `request` until `seconds` pass.

export interface LoadResult {
  requests: number;
  failures: number;
  seconds: number;
  perSecond: number;
}

export async function measure(
  name: string,
  request: () => Promise<boolean>,
  options: { concurrency: number; seconds: number; quiet?: boolean },
): Promise<LoadResult> {
  const deadline = performance.now() + options.seconds * 1000;
  let requests = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (performance.now() < deadline) {
      const ok = await request().catch(() => false);
      requests += 1;
      if (!ok) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const result = { requests, failures, seconds, perSecond: requests / seconds };
  if (!options.quiet) {
    process.stdout.write(`${name.padEnd(44)} ${result.perSecond.toFixed(1).padStart(9)} req/s  (${requests} requests, ${failures} failed)\n`);
  }
  return result;
}
