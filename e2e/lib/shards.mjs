// The arithmetic of e2e shards, apart from the runner and the browser (so
// vitest can check it: shards.test.mjs).

/**
 * Splits files into at most n shards, the costliest first onto the shard with
 * the least so far (weights: file → weight units; durations: file → ms or
 * null). See shardPlan in runner.mjs.
 */
export function balance(weights, durations, n, totals = null) {
  // A file a name filter picks only some tests of costs that share of its last whole run
  // (totals: file → the weight of all its tests); else one shard got the whole-file figures.
  const share = (f) => (totals?.get(f) > 0 ? weights.get(f) / totals.get(f) : 1);
  const measured = [...weights.keys()].filter((f) => durations?.[f] > 0);
  const msPerUnit = measured.length
    ? measured.reduce((a, f) => a + durations[f] * share(f), 0) / measured.reduce((a, f) => a + weights.get(f), 0)
    : null;
  const cost = (f) => (durations?.[f] > 0 ? durations[f] * share(f) : weights.get(f) * (msPerUnit ?? 1));
  const shards = Array.from({ length: Math.max(1, Math.min(n, weights.size)) }, () => ({ files: [], cost: 0 }));
  // Ties by name, so a plan does not depend on the order files registered in.
  const files = [...weights.keys()].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b));
  for (const f of files) {
    const s = shards.reduce((a, b) => (b.cost < a.cost ? b : a));
    s.files.push(f);
    s.cost += cost(f);
  }
  return { shards, unit: msPerUnit === null ? 'weight' : 'ms' };
}

/**
 * The durations to keep after a run: each file's time this run (the sum of
 * its tests' ms) when all its tests ran and passed, the old figure for the
 * rest (a failure's time, often a timeout, says nothing about the next run).
 */
export function updatedDurations(old, results) {
  const byFile = new Map();
  for (const r of results) {
    const f = byFile.get(r.file) ?? { ms: 0, ok: true };
    f.ms += r.ms;
    f.ok &&= r.ok;
    byFile.set(r.file, f);
  }
  const out = { ...old };
  for (const [file, { ms, ok }] of byFile) if (ok) out[file] = ms;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}
