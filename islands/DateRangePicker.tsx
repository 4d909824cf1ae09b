/** @jsxRuntime automatic @jsxImportSource preact */
// Global date range picker in the top bar (spec 000 §2 "Global date range
// picker", §4, §5 "Date inputs").
//
// The server's markup, and the first client render that hydrates it, is a
// working form: a preset select, From and To (DD-MM-YYYY, used for Custom
// range) and Apply, posted to /org/{id}/date_range. Once hydrated, an effect
// turns it into a button showing the current range that opens a popover
// with the presets and, for Custom range, a calendar (weeks from Monday,
// month and year navigation within the allowed years) with From and To
// inputs and "Select date range". Whatever is chosen is posted through the
// same form, so the server alone decides and keeps the range.
//
// The calendar (lib/DateRangeCalendar, with lib/daterange's rules) is not in
// the island's first load: it is asked for when the popover first opens, and
// shows once it came; the presets work without it. When Custom range is
// chosen and the calendar cannot come (asked for again then), the island
// goes back to the server's form, open at Custom range.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import { Chevron, PANEL, TRIGGER, useCloseOnPointerOutside } from './lib/popover';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['DateRangePicker'];

// One picker per page (the shell's top bar), so fixed ids are unique.
const ID = 'daterange';

// The browser keeps the module once it came; a load that failed is tried again.
const loadCalendar = () => import('./lib/DateRangeCalendar');
type CalendarModule = typeof import('./lib/DateRangeCalendar');

const inputClass = 'w-32 rounded border px-2 py-1.5 ';

export default function DateRangePicker(p: Props) {
  const js = useHydrated();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(p.type);
  const [cal, setCal] = useState<CalendarModule | null>(null);
  // The calendar could not come when Custom range needed it: the server's form again.
  const [plain, setPlain] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const focusNext = useRef<'button' | 'preset' | 'plain' | ''>('');

  // Enhanced once hydrated (useHydrated): focus already inside the form
  // then stays inside, on the button.
  useEffect(() => {
    if (root.current!.contains(document.activeElement)) focusNext.current = 'button';
  }, []);

  useLayoutEffect(() => {
    const f = focusNext.current;
    focusNext.current = '';
    if (f === 'button') button.current?.focus();
    else if (f === 'preset') popup.current?.querySelector<HTMLElement>('[aria-pressed="true"]')?.focus();
    else if (f === 'plain') document.getElementById(ID + '-from')?.focus();
  });

  useCloseOnPointerOutside(open, box, () => setOpen(false));

  // The trigger's face, the same before and after enhancement: the preset,
  // and from the sm breakpoint the dates (in the panel at every width).
  const face = (
    <>
      <span className="sr-only">Date range: </span>
      <span className="font-medium whitespace-nowrap">{p.label}</span>
      <span className="hidden text-sm whitespace-nowrap text-gray-700 sm:inline">{p.from} – {p.to}</span>
      <Chevron />
    </>
  );

  if (!js || plain) {
    // Without JavaScript: a disclosure holding the plain form.
    return (
      <div ref={root}>
        <details className="relative" open={plain}>
          <summary className={TRIGGER}>{face}</summary>
          <div className={PANEL + ' left-0 w-72 p-3 lg:right-0 lg:left-auto'}>
            <form method="post" action={p.action} aria-label="Date range picker" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="_csrf" value={p.csrf} />
              <input type="hidden" name="return_to" value={p.returnTo} />
              <div className="w-full">
                <label htmlFor={ID + '-type'} className="block text-xs font-medium">Date range</label>
                <select id={ID + '-type'} name="type" className="w-full rounded border border-gray-500 bg-white px-2 py-1.5">
                  {p.presets.map((o) => (
                    <option value={o.type} selected={o.type === choice}>{o.label}</option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={ID + '-from'} className="block text-xs font-medium">From</label>
                <input id={ID + '-from'} name="from" value={p.from} inputMode="numeric" placeholder="DD-MM-YYYY" maxLength={10}
                  aria-describedby={ID + '-hint'} className={inputClass + 'border-gray-500'} />
              </div>
              <div>
                <label htmlFor={ID + '-to'} className="block text-xs font-medium">To</label>
                <input id={ID + '-to'} name="to" value={p.to} inputMode="numeric" placeholder="DD-MM-YYYY" maxLength={10}
                  aria-describedby={ID + '-hint'} className={inputClass + 'border-gray-500'} />
              </div>
              <p id={ID + '-hint'} className="w-full text-xs text-gray-700">Dates as DD-MM-YYYY, used for Custom range.</p>
              <button type="submit" className="rounded border border-gray-600 px-3 py-1.5">Apply</button>
            </form>
          </div>
        </details>
      </div>
    );
  }

  const post = (type: string, from = '', to = '') => {
    const f = form.current!;
    (f.elements.namedItem('type') as HTMLInputElement).value = type;
    (f.elements.namedItem('from') as HTMLInputElement).value = from;
    (f.elements.namedItem('to') as HTMLInputElement).value = to;
    setOpen(false);
    if (f.requestSubmit) f.requestSubmit();
    else f.submit();
  };

  // needed: Custom range is chosen, so the server's form stands in when the calendar cannot come.
  const calendar = (needed: boolean) => {
    if (cal) return;
    loadCalendar().then(setCal, () => {
      if (!needed) return;
      setOpen(false);
      setPlain(true);
      focusNext.current = 'plain';
    });
  };

  const show = () => {
    setChoice(p.type);
    calendar(p.type === 'custom');
    setOpen(true);
    focusNext.current = 'preset';
  };
  const close = () => {
    setOpen(false);
    focusNext.current = 'button';
  };

  const choose = (type: string) => {
    if (type === 'custom') {
      setChoice('custom');
      calendar(true);
      return;
    }
    post(type);
  };

  return (
    <div ref={root}>
      <form method="post" action={p.action} hidden ref={form}>
        <input type="hidden" name="_csrf" value={p.csrf} />
        <input type="hidden" name="return_to" value={p.returnTo} />
        <input type="hidden" name="type" value={p.type} />
        <input type="hidden" name="from" value="" />
        <input type="hidden" name="to" value="" />
      </form>
      <div className="relative" ref={box}>
        <button type="button" id={ID + '-button'} ref={button} aria-haspopup="dialog" aria-expanded={open} aria-controls={ID + '-popover'}
          className={TRIGGER}
          onMouseDown={(e) => open && e.preventDefault()}
          onClick={() => (open ? close() : show())}>
          {face}
        </button>
        <div ref={popup} id={ID + '-popover'} role="dialog" aria-label="Choose a date range" hidden={!open}
          className={PANEL + ' left-0 flex w-[calc(100vw-2rem)] flex-col gap-4 p-3 sm:w-max sm:flex-row lg:right-0 lg:left-auto'}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              close();
            }
          }}
          onBlurCapture={(e) => {
            const to = e.relatedTarget as Node | null;
            if (to && !popup.current!.contains(to) && to !== button.current) setOpen(false);
          }}>
          <ul aria-label="Date ranges" className="grid shrink-0 grid-cols-2 gap-1 sm:block sm:w-40 sm:space-y-1">
            {p.presets.map((o) => (
              <li>
                <button type="button" aria-pressed={o.type === choice}
                  className={'w-full rounded px-3 py-1.5 text-left ' + (o.type === choice ? 'bg-blue-800 font-semibold text-white' : 'hover:bg-gray-100')}
                  onClick={() => choose(o.type)}>{o.label}</button>
              </li>
            ))}
          </ul>
          {open && choice === 'custom' && cal ? (
            <cal.Calendar id={ID} from={p.from} to={p.to} today={p.today} minYear={p.minYear} maxYear={p.maxYear} inputClass={inputClass}
              post={(from, to) => post('custom', from, to)} />
          ) : null}
        </div>
      </div>
    </div>
  );
}
