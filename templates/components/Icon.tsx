import flags from '../generated/flags.json';

// The sprite's URL (templates/icons: its name carries a hash of its content), set by the
// server's bundle.
declare const __PORTAL_ICONS__: string;

// Icons are decorative only: the text beside them carries the meaning. Each is a symbol of
// the sprite (templates/icons/icons.svg), an image cached once rather than path data in
// every page's HTML; the <use> takes the text's colour.
export function Icon({ name, className }: { name: string; className?: string }) {
  if (!name) return null;
  return (
    <svg className={className || 'h-5 w-5 shrink-0'} aria-hidden="true" focusable="false">
      <use href={__PORTAL_ICONS__ + '#' + name} />
    </svg>
  );
}

// Flag shows a country's flag (cmd/genflags: flags.json names its image) named by the
// country, since the text beside it is often a currency code, not the country; "XX" (no single
// country, spec 000 §3) and anything that is not a country code show a globe. Emoji flags
// were boxes wherever no emoji font is installed. The flag is an image of its own, cached
// once, rather than markup sent again in every page's HTML; its box is set by the stylesheet
// (.flag), so nothing shifts when it arrives. A flag too heavy to send, or of a country
// outside the subset, is its code in a badge of the flag's size, so rows line up.
export function Flag({ country }: { country: string }) {
  const cc = /^[A-Z]{2}$/.test(country || '') ? country : 'XX';
  const f = (flags as Record<string, { name: string; file: string }>)[cc];
  if (f && f.file) {
    return <img src={'/assets/' + f.file} alt={f.name} className="flag" />;
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
