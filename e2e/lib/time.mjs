// Time budgets of the browser flows, scaled to the machine. A budget that
// holds on an idle laptop is missed when CI shares two cores with a compiler,
// so every fixed wait of the runner and its helpers is a base figure times
// one factor: E2E_TIME_SCALE when set, else 3 under CI (CI set, as .ci/run
// does) and 1 elsewhere. Waits that end on an event (a selector, a URL, a
// ready marker) return as soon as it happens, so a large factor only makes a
// real failure slower to report.

/** The factor env asks for (E2E_TIME_SCALE, else 3 under CI, else 1). */
export function timeScaleOf(env) {
  const raw = env.E2E_TIME_SCALE;
  if (raw !== undefined && raw !== '') {
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`E2E_TIME_SCALE must be a positive number, not ${JSON.stringify(raw)}`);
    return n;
  }
  return env.CI && env.CI !== 'false' && env.CI !== '0' ? 3 : 1;
}

export const TIME_SCALE = timeScaleOf(process.env);

/** ms scaled by TIME_SCALE, for a wait that a slow machine takes longer to satisfy. */
export function scaled(ms) {
  return Math.round(ms * TIME_SCALE);
}

/**
 * Playwright's default action and navigation timeouts of a context, scaled,
 * capped at a test's own budget (ms on an idle machine) when it is shorter.
 * Every context a flow opens sets them here, so none keeps Playwright's fixed 30 s.
 */
export function scaleDefaults(context, capMs = Infinity) {
  context.setDefaultTimeout(scaled(Math.min(10_000, capMs)));
  context.setDefaultNavigationTimeout(scaled(Math.min(15_000, capMs)));
  return context;
}
