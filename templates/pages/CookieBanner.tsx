import { Island } from '../components/Island';
import type { PageProps } from '../generated/props';

// Not a page of its own: the server puts it first in the body of every page
// until the visitor has chosen (server/consent.go).
export default function CookieBanner(p: PageProps['CookieBanner']) {
  return <Island name="CookieConsent" props={p} />;
}
