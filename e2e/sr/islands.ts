// The screen reader tests' stand-in for ssr/runtime/island.js. Islands render
// through the goja runtime's registry, which vitest cannot load; here they
// render with preact directly, inside the same marker, as the server's
// island.js does. One registry for every test file: the island tests run
// without per-file isolation, so a module mocked by two files must be the same.
import { h } from 'preact';

import OrgSwitcher from '../../islands/OrgSwitcher';
import PayoutWizard from '../../islands/PayoutWizard';
import ShellMenu from '../../islands/ShellMenu';
import VerifyCode from '../../islands/VerifyCode';

const islands: Record<string, (p: any) => any> = { OrgSwitcher, PayoutWizard, ShellMenu, VerifyCode };

export function renderIsland(name: string, props: Record<string, unknown>) {
  const C = islands[name];
  if (!C) throw new Error(`island ${name}: not available in the screen reader tests`);
  return h('div', { 'data-island': name }, h(C, props));
}
