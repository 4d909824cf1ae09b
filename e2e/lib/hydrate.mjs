import { scaled } from './time.mjs';

/**
 * Loads the island called name (ssr/runtime/boot.js loads every island on "portal:hydrate")
 * and waits until it is ready. Right after a navigation the event can reach the page before
 * its loader listens, or reach the page being left, so it is sent again until the island is
 * ready, within the scaled budget.
 */
export async function hydrated(page, name, budget = 5000) {
  const ready = page.locator(`[data-island="${name}"][data-ready]`);
  const until = Date.now() + scaled(budget);
  while (!(await ready.count())) {
    if (Date.now() > until) throw new Error(`the ${name} island never hydrated after portal:hydrate`);
    await page.evaluate(() => document.dispatchEvent(new Event('portal:hydrate'))).catch(() => {});
    await ready.first().waitFor({ state: 'attached', timeout: scaled(300) }).catch(() => {});
  }
}
