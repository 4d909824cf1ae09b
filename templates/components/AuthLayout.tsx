import type { ComponentChildren } from 'preact';
import { SandboxBanner } from './Messages';

// Layout of pages outside an organisation: login, logged out, errors.
export function AuthLayout({ sandbox, children }: { sandbox?: boolean; children?: ComponentChildren }) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">Skip to content</a>
      <header className="border-b border-gray-300 bg-white">
        <SandboxBanner on={!!sandbox} />
        <p className="px-4 py-3 text-lg font-semibold">Portal</p>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-md px-4 py-10">
        {children}
      </main>
    </>
  );
}
