import { AuthLayout } from '../../components/AuthLayout';
import type { PageProps } from '../../generated/props';

// The accessibility statement, in the parts of the W3C / EU model statement. The figures
// come from the last complete run of the browser flows (server/accessibility/figures.json).
type Props = PageProps['AccessibilityStatement'];

export default function AccessibilityStatement({ sandbox, figures, run, support }: Props) {
  return (
    <AuthLayout sandbox={sandbox} wide>
      <h1 className="mb-6 text-2xl font-semibold">Accessibility statement</h1>
      <p className="mb-4">
        We want everyone who uses the portal to be able to do every task in it: on a slow connection, on a phone, with a
        keyboard only, with a screen reader, with JavaScript turned off.
      </p>

      <h2 className="mb-2 mt-6 text-xl font-semibold">Conformance status</h2>
      <p className="mb-4">
        The standard we hold the portal to is the Web Content Accessibility Guidelines 2.2 (WCAG 2.2), level AA. The portal is{' '}
        <strong>partially conformant</strong> with it: the parts listed under known limitations below do not fully conform yet.
      </p>

      <h2 className="mb-2 mt-6 text-xl font-semibold">How we test</h2>
      <p className="mb-2">
        Every change runs the whole suite of browser flows, {figures.flows} in all, each with JavaScript on and off, at desktop
        and phone widths. The last complete run passed on <time dateTime={figures.run}>{run}</time>.
      </p>
      <ul className="mb-4 list-disc space-y-1 pl-6">
        <li>
          Automated checks: axe-core {figures.axe.version} with the rules {figures.axe.rules.join(', ')}, on{' '}
          {figures.axe.pages} page states reached by the flows.
        </li>
        <li>
          Reflow: every page of the route table at 320 and 412 px wide, at 200 % zoom and with text spacing increased, with no
          horizontal scrolling of the page and no layout shift; on a phone the page's heading starts on the first screen.
        </li>
        <li>Keyboard: the flows reach and operate every control with the keyboard, and dialogs keep and return focus.</li>
        <li>
          Screen readers: transcripts of what a virtual screen reader announces on the login, two-factor and payout wizard
          screens, checked line by line.
        </li>
        <li>Tools: {figures.browser}, driven by {figures.driver}.</li>
      </ul>

      <h2 className="mb-2 mt-6 text-xl font-semibold">Known limitations</h2>
      <ul className="mb-4 list-disc space-y-1 pl-6">
        <li>
          Currency and country flags are small pictures named by their country. A few flags too detailed to draw
          small (Brazil, Mexico) and any country outside the portal's currencies and payout countries show the
          two-letter country code in a grey badge instead.
        </li>
        <li>The payment document is a PDF without tags; its preview page shows the same content as an accessible web page.</li>
        <li>The API reference is a single long page.</li>
        <li>
          Screen-reader transcripts do not yet cover the transfer, batch upload, withdrawal and refund flows; those are
          checked by the automated checks and the keyboard flows.
        </li>
      </ul>

      <h2 className="mb-2 mt-6 text-xl font-semibold">Feedback and contact</h2>
      <p className="mb-4">
        If something in the portal is hard or impossible for you to use, tell us and we will help you do the task another
        way and fix the page: <a href={support} className="text-blue-800 underline">contact support</a>. We answer within
        two working days.
      </p>

      <h2 className="mb-2 mt-6 text-xl font-semibold">Enforcement</h2>
      <p className="mb-4">
        If you are not satisfied with our answer, you can contact the authority that oversees accessibility in your
        country.
      </p>
    </AuthLayout>
  );
}
