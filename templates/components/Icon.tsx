import flags from '../generated/flags.json';

// Inline icons, decorative only: the text beside them carries the meaning.
const paths: Record<string, string> = {
  home: 'M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z',
  crypto: 'M12 2 3 7v10l9 5 9-5V7zm0 4 5 3v6l-5 3-5-3V9z',
  payouts: 'M4 12h13m-4-5 5 5-5 5M4 5v14',
  collections: 'M20 12H7m4 5-5-5 5-5m9-2v14',
  accounts: 'M3 6h18v12H3zM3 10h18',
  exports: 'M12 3v12m-5-5 5 5 5-5M4 21h16',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 10a7 7 0 0 1 14 0M17 11a3 3 0 1 0 0-6m5 16a6 6 0 0 0-4-5.6',
  settings: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm7.4-3 1.6-1.2-2-3.4-1.9.6a7 7 0 0 0-1.7-1L15 5h-4l-.4 2a7 7 0 0 0-1.7 1l-1.9-.6-2 3.4L6.6 12 5 13.2l2 3.4 1.9-.6a7 7 0 0 0 1.7 1l.4 2h4l.4-2a7 7 0 0 0 1.7-1l1.9.6 2-3.4z',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm10 3-5-5',
};

export function Icon({ name, className }: { name: string; className?: string }) {
  const d = paths[name];
  if (!d) return null;
  return (
    <svg className={className || 'h-5 w-5 shrink-0'} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

// Flag shows a country's flag as an inline SVG (flags.json, cmd/genflags) named by the
// country, since the text beside it is often a currency code, not the country; "XX" (no single
// country, spec 000 §3) and anything that is not a country code show a globe. Emoji flags
// were boxes wherever no emoji font is installed. A flag too heavy to inline, or of a
// country outside the subset, is its code in a badge of the flag's size, so rows line up.
export function Flag({ country }: { country: string }) {
  const cc = /^[A-Z]{2}$/.test(country || '') ? country : 'XX';
  const f = (flags as Record<string, { name: string; svg: string }>)[cc];
  if (f && f.svg) {
    return <span role="img" aria-label={f.name} className="mr-1 inline-flex" dangerouslySetInnerHTML={{ __html: f.svg }} />;
  }
  // Drawn as an SVG too, so it sits on the baseline exactly as a flag does.
  return (
    <span role="img" aria-label={f ? f.name : cc} className="mr-1 inline-flex">
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 15" width="1.25em" height="0.9375em">
        <rect width="20" height="15" rx="2" fill="#e5e7eb" />
        <text x="10" y="10.5" textAnchor="middle" fontSize="8" fontWeight="600" fontFamily="sans-serif" fill="#111827">{cc}</text>
      </svg>
    </span>
  );
}
