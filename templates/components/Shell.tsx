import type { ComponentChildren } from 'preact';
import { Island } from './Island';
import { Icon, Flag } from './Icon';
import { AlertBanners, Flashes, SandboxBanner } from './Messages';
import { Footer } from './AuthLayout';
import type { NavItem, ShellProps } from '../generated/props';

export type { ShellProps };

function NavLink({ item, dialog }: { item: NavItem; dialog?: string }) {
  return (
    <a
      href={item.href}
      data-dialog={dialog && item.href === dialog ? 'account-funding' : undefined}
      aria-current={item.active ? 'page' : undefined}
      className={
        'flex items-center gap-2 rounded px-3 py-2 ' +
        (item.active ? 'bg-blue-800 font-semibold text-white' : 'text-gray-900 hover:bg-gray-200')
      }
    >
      {item.icon ? <Icon name={item.icon} /> : null}
      {item.flag ? <Flag country={item.flag} /> : null}
      <span>
        {item.label}
        {item.detail ? <span className={'block text-xs ' + (item.active ? 'text-white' : 'text-gray-700')}>{item.detail}</span> : null}
      </span>
    </a>
  );
}

// The sidebar is one <details> disclosure ("Menu") that works without
// JavaScript. From the lg breakpoint up, app.css shows its content whatever
// its state and hides the summary, so it is the usual sidebar; below it,
// the summary is the Menu button and the navigation opens under it. The
// ShellMenu island (present on every shell page) adds the keyboard part:
// focus into the menu when it opens, Escape to close it and back.
function Sidebar({ nav, dialog, search }: { nav: NavItem[]; dialog?: string; search?: { input: string; home: string } }) {
  return (
    <details id="nav-menu" className="nav-menu border-b border-gray-300 bg-gray-50 lg:w-64 lg:shrink-0 lg:border-b-0 lg:border-r">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-2 font-medium [&::-webkit-details-marker]:hidden">
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4"><path d="M2 4h12M2 8h12M2 12h12" fill="none" stroke="currentColor" stroke-width="2" /></svg>
        Menu
      </summary>
      <nav aria-label="Main" className="p-3">
        <ul className="space-y-1">
          {nav.map((item) =>
            item.children ? (
              <li>
                <p className="mt-3 flex items-center gap-2 px-3 py-1 text-sm font-semibold uppercase tracking-wide text-gray-700">
                  {item.icon ? <Icon name={item.icon} /> : null}
                  {item.label}
                </p>
                <ul className="ml-3 space-y-1">
                  {item.children.map((c) => (
                    <li><NavLink item={c} dialog={dialog} /></li>
                  ))}
                </ul>
              </li>
            ) : (
              <li><NavLink item={item} dialog={dialog} /></li>
            ),
          )}
        </ul>
      </nav>
      <Island name="ShellMenu" props={{ menu: 'nav-menu', search }} load="interaction" on={'#nav-menu > summary' + (search ? ', #' + search.input : '')} />
    </details>
  );
}

function SearchBox({ orgId, query }: { orgId: string; query: string }) {
  // Submits on Enter; "required" with a non-blank pattern keeps empty or
  // whitespace-only searches from being sent, with or without JavaScript.
  // It stays in the top bar at every width: search is one step away.
  return (
    <form role="search" method="get" action={'/org/' + orgId + '/search'} className="flex min-w-0 flex-1 items-center gap-2 lg:max-w-md">
      <label htmlFor="q" className="sr-only">Search</label>
      <input
        id="q"
        name="q"
        type="search"
        value={query}
        placeholder="Search ref. or end-to-end id"
        required
        pattern=".*\S.*"
        title="Type a reference or an end-to-end id"
        className="w-full min-w-0 rounded border border-gray-500 px-3 py-1.5"
      />
      <button type="submit" className="rounded border border-gray-600 px-3 py-1.5">
        <Icon name="search" className="h-4 w-4" />
        <span className="sr-only">Search</span>
      </button>
    </form>
  );
}

// The shell: banners, a top bar (name, search, date range, organisation)
// and the sidebar beside the page, or under the top bar behind "Menu"
// below the lg breakpoint. The date range and organisation controls are
// compact disclosures with and without JavaScript, so hydrating them moves
// nothing (no layout shift).
export function Shell({ shell, children }: { shell: ShellProps; children?: ComponentChildren }) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:bg-white focus:p-2">Skip to content</a>
      <header className="border-b border-gray-300 bg-white">
        <SandboxBanner on={shell.sandbox} />
        <AlertBanners alerts={shell.alerts} orgId={shell.org.id} csrf={shell.csrf} back={shell.here} />
        {shell.mfaBanner ? (
          <p className="bg-blue-50 px-4 py-2 text-sm text-blue-900">
            Protect your account with a new two-factor method. <a href="/new-mfa-setup" className="underline">Set up two-factor authentication</a>
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
          <a href={'/org/' + shell.org.id} className="text-lg font-semibold">Portal</a>
          <SearchBox orgId={shell.org.id} query={shell.query} />
          <div className="flex w-full min-w-0 items-center justify-between gap-2 lg:ml-auto lg:w-auto lg:gap-4">
            {shell.dateRange ? <Island name="DateRangePicker" props={shell.dateRange} load="interaction" /> : null}
            <Island
              name="OrgSwitcher"
              load="interaction"
              props={{ orgs: shell.orgs, current: shell.org, csrf: shell.csrf, user: shell.user, role: shell.role }}
            />
          </div>
        </div>
      </header>
      <div className="lg:flex lg:min-h-screen">
        <Sidebar nav={shell.nav} dialog={shell.funding?.href} search={shell.query ? { input: 'q', home: '/org/' + shell.org.id } : undefined} />
        {shell.funding ? <Island name="AccountFunding" props={shell.funding} load="interaction" on='a[data-dialog="account-funding"]' /> : null}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 lg:p-6">
          <Flashes flashes={shell.flashes} />
          {children}
        </main>
      </div>
      <Footer />
      {shell.session ? <Island name="IdleWarning" props={shell.session} load="session" /> : null}
    </>
  );
}
