/** @jsxRuntime automatic @jsxImportSource preact */
// The manual payout wizard's island (spec 001 §2 "Create payout page and dialog", §4, §5,
// §8). Its first load is this module: the wizard itself (lib/wizardFrame: the state, the
// steps, their checks) comes by import() when it is needed. On a step page (mode "page")
// the wizard is the page, so it comes at once after hydration; on the Payouts page (mode
// "dialog") when the pointer or the focus reaches the opener, or at once when the address
// asked for the dialog (?createManualPayout=<step>).
//
// Until it came the server's markup stays as it was sent (lib/serverOnly) and works as it
// does without JavaScript: each step a form posted to the server, the opener a link to the
// pages. When it comes, what was typed into that markup and where the focus was carry over
// into the frame's first render (Carried), drawn in the same element, so nothing shifts.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import { kept } from './lib/serverOnly';
import { TITLE, btn, fid, formAction, type Carried, type Props, type Shell } from './lib/wizardParts';
import serverFrame from './lib/wizardFrame.server';

export type { Props };

type Frame = typeof import('./lib/wizardFrame');

// One request for every island and render; a load that failed (the network dropped) is
// forgotten, so the next need tries again.
let frame: Promise<Frame> | null = null;
let ready: Frame | null = null;
/** The frame, and its steps module with it when the wizard has a step after the product to show. */
export function loadFrame(steps: boolean): Promise<Frame> {
  frame ??= import('./lib/wizardFrame').then(
    (m) => (ready = m),
    (e: unknown) => {
      frame = null;
      throw e;
    },
  );
  return steps ? frame.then((m) => m.loadSteps().then(() => m)) : frame;
}

/** What the user did in the server's markup before the frame came. */
function carried(root: HTMLElement): Carried {
  const out: Carried = { values: {}, same: '', focus: '' };
  root.querySelectorAll<HTMLInputElement>('input[name], select[name]').forEach((i) => {
    if (i.type === 'radio') {
      if (i.checked) out.same = i.value;
    } else if (i.type !== 'hidden') out.values[i.name] = i.value;
  });
  const a = document.activeElement;
  if (a?.id && root.contains(a)) out.focus = a.id;
  return out;
}

export default function PayoutWizard(p: Props) {
  const js = useHydrated();
  // A draft links to its later steps and a made payout shows what it made: the frame draws
  // those with the steps module, so it comes with the frame.
  const steps = !!(p.draft || p.result);
  const [Frame, setFrame] = useState<Frame['default'] | null>(() =>
    __PORTAL_SERVER__ ? serverFrame : ready && (!steps || ready.stepsNow()) ? ready.default : null,
  );
  const [carry, setCarry] = useState<Carried>();
  const root = useRef<HTMLElement>(null);
  // The dialog mode's opener and live region are drawn here, so they stay the same elements
  // when the frame comes (the dialog gives the focus back to its opener).
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const [want, setWant] = useState<Shell['want']>(p.open ? 'address' : '');
  const opener = useRef<(() => void) | null>(null);

  const get = () =>
    void loadFrame(steps).then(
      (m) => {
        if (root.current?.isConnected) setCarry(carried(root.current));
        setFrame(() => m.default);
      },
      () => {},
    );
  useEffect(() => {
    if (js && !Frame && (p.mode === 'page' || p.open)) get();
  }, [js]);

  if (p.mode === 'page') {
    return Frame ? <div id={fid('root')}><Frame {...p} carried={carry} /></div> : kept('div', { id: fid('root') }, root);
  }
  if (!js) {
    return <a href={formAction(p, p.draft, p.step)} className={'inline-block ' + btn}>{TITLE}</a>;
  }
  const press = (e: Event) => {
    e.preventDefault();
    if (opener.current) opener.current();
    else {
      setWant('press');
      get();
    }
  };
  return (
    <>
      <button type="button" aria-haspopup="dialog" className={btn} onClick={press} onPointerEnter={get} onFocus={get}>{TITLE}</button>
      <p role="status" className="sr-only">{status}</p>
      {Frame ? <Frame {...p} shell={{ open, setOpen, setStatus, want, opener }} /> : null}
    </>
  );
}
