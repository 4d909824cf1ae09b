import type { ComponentChildren } from 'preact';
import { SandboxBanner } from './Messages';

// Footer of every page: the accessibility statement (server/accessibility).
export function Footer() {
  return (
    <footer className="border-t border-gray-300 px-4 py-3 text-sm">
      <a href="/accessibility" className="text-blue-800 underline">Accessibility statement</a>
    </footer>
  );
}

// Layout of pages outside an organisation: login, logged out, errors; wide for pages of
// running text (the accessibility statement).
export function AuthLayout({ sandbox, wide, children }: { sandbox?: boolean; wide?: boolean; children?: ComponentChildren }) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">Skip to content</a>
      <header className="border-b border-gray-300 bg-white">
        <SandboxBanner on={!!sandbox} />
        <p className="px-4 py-3 text-lg font-semibold">Portal</p>
      </header>
      <main id="main" tabIndex={-1} className={'mx-auto px-4 py-10 ' + (wide ? 'max-w-3xl' : 'max-w-md')}>
        {children}
      </main>
      <Footer />
    </>
  );
}
