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
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import type { JSX } from 'preact';
import { addDays, addMonths, clampDay, customRange, display, fromForm, maskDate, monthGrid, parseDisplay, toDate, ymd } from './lib/daterange';
import { Chevron, PANEL, TRIGGER, useCloseOnPointerOutside } from './lib/popover';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['DateRangePicker'];

// One picker per page (the shell's top bar), so fixed ids are unique.
const ID = 'daterange';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = [['Mo', 'Monday'], ['Tu', 'Tuesday'], ['We', 'Wednesday'], ['Th', 'Thursday'], ['Fr', 'Friday'], ['Sa', 'Saturday'], ['Su', 'Sunday']];

function longDate(day: string): string {
  const d = toDate(day);
  return `${WEEKDAYS[(d.getUTCDay() + 6) % 7][1]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

const inputClass = 'w-32 rounded border px-2 py-1.5 ';

export default function DateRangePicker(p: Props) {
  const js = useHydrated();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(p.type);
  const startDay = () => parseDisplay(p.to, p.today).date ?? p.today;
  const [focusDay, setFocusDay] = useState(startDay);
  const [anchor, setAnchor] = useState<string | null>(null);
  const [fromText, setFromText] = useState(p.from);
  const [toText, setToText] = useState(p.to);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const root = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const focusNext = useRef<'button' | 'preset' | 'grid' | 'from' | ''>('');

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
    else if (f === 'grid') grid.current?.querySelector<HTMLElement>('button[tabindex="0"]')?.focus();
    else if (f === 'from') popup.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
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

  if (!js) {
    // Without JavaScript: a disclosure holding the plain form.
    return (
      <div ref={root}>
        <details className="relative">
          <summary className={TRIGGER}>{face}</summary>
          <div className={PANEL + ' left-0 w-72 p-3 lg:right-0 lg:left-auto'}>
            <form method="post" action={p.action} aria-label="Date range picker" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="_csrf" value={p.csrf} />
              <input type="hidden" name="return_to" value={p.returnTo} />
              <div className="w-full">
                <label htmlFor={ID + '-type'} className="block text-xs font-medium">Date range</label>
                <select id={ID + '-type'} name="type" className="w-full rounded border border-gray-500 bg-white px-2 py-1.5">
                  {p.presets.map((o) => (
                    <option value={o.type} selected={o.type === p.type}>{o.label}</option>
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

  const show = () => {
    setChoice(p.type);
    setFromText(p.from);
    setToText(p.to);
    setAnchor(null);
    setErrors({});
    setFocusDay(startDay());
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
      return;
    }
    post(type);
  };

  const inRange = (day: string) => {
    const a = parseDisplay(fromText, p.today).date;
    const b = parseDisplay(toText, p.today).date;
    if (!a) return false;
    if (!b) return day === a;
    const r = customRange(a, b);
    return day >= r.from && day <= r.to;
  };
  const isEnd = (day: string) => parseDisplay(fromText, p.today).date === day || parseDisplay(toText, p.today).date === day;

  const pick = (day: string) => {
    setFocusDay(day);
    setErrors({});
    if (anchor === null) {
      setAnchor(day);
      setFromText(display(day));
      setToText('');
      return;
    }
    const r = customRange(anchor, day);
    setAnchor(null);
    setFromText(display(r.from));
    setToText(display(r.to));
  };

  const moveTo = (day: string) => {
    setFocusDay(clampDay(day, p.minYear, p.maxYear));
    focusNext.current = 'grid';
  };

  const onGridKey = (e: JSX.TargetedKeyboardEvent<HTMLElement>) => {
    const d = toDate(focusDay);
    const dow = (d.getUTCDay() + 6) % 7;
    const to: Record<string, () => string> = {
      ArrowLeft: () => addDays(focusDay, -1),
      ArrowRight: () => addDays(focusDay, 1),
      ArrowUp: () => addDays(focusDay, -7),
      ArrowDown: () => addDays(focusDay, 7),
      Home: () => addDays(focusDay, -dow),
      End: () => addDays(focusDay, 6 - dow),
      PageUp: () => (e.shiftKey ? addMonths(focusDay, -12) : addMonths(focusDay, -1)),
      PageDown: () => (e.shiftKey ? addMonths(focusDay, 12) : addMonths(focusDay, 1)),
    };
    const f = to[e.key];
    if (!f) return;
    e.preventDefault();
    moveTo(f());
  };

  const typedDate = (field: 'from' | 'to', raw: string) => {
    const v = maskDate(raw);
    (field === 'from' ? setFromText : setToText)(v);
    setAnchor(null);
    const parsed = parseDisplay(v, p.today).date;
    if (parsed) setFocusDay(parsed);
  };

  const submitCustom = () => {
    const r = fromForm('custom', fromText, toText, p.today);
    if (r.errors) {
      setErrors(r.errors);
      focusNext.current = 'from';
      return;
    }
    post('custom', fromText, toText);
  };

  const fd = toDate(focusDay);
  const year = fd.getUTCFullYear();
  const month = fd.getUTCMonth() + 1;
  const weeks = monthGrid(year, month);
  const years: number[] = [];
  for (let y = p.minYear; y <= p.maxYear; y++) years.push(y);
  const atStart = year === p.minYear && month === 1;
  const atEnd = year === p.maxYear && month === 12;
  const setMonth = (y: number, m: number) => {
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    setFocusDay(clampDay(ymd(y, m, Math.min(fd.getUTCDate(), last)), p.minYear, p.maxYear));
  };

  const dateField = (field: 'from' | 'to', label: string, value: string) => {
    const id = ID + '-cal-' + field;
    const err = errors[field];
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium">{label}</label>
        {err ? <p id={id + '-error'} className="text-sm font-medium text-red-800"><span className="sr-only">Error: </span>{err}</p> : null}
        <input id={id} value={value} inputMode="numeric" placeholder="DD-MM-YYYY" maxLength={10} autoComplete="off"
          aria-invalid={err ? 'true' : undefined} aria-describedby={err ? id + '-error' : undefined}
          className={inputClass + (err ? 'border-red-700' : 'border-gray-500')}
          onInput={(e) => typedDate(field, (e.target as HTMLInputElement).value)} />
      </div>
    );
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
          {open && choice === 'custom' ? (
            <div className="sm:w-80">
              <div className="mb-2 flex items-center justify-between gap-1">
                <button type="button" className="rounded border border-gray-500 px-2 py-1 disabled:opacity-50" disabled={atStart}
                  onClick={() => setMonth(month === 1 ? year - 1 : year, month === 1 ? 12 : month - 1)}>
                  <span aria-hidden="true">‹</span><span className="sr-only">Previous month</span>
                </button>
                <label htmlFor={ID + '-month'} className="sr-only">Month</label>
                <select id={ID + '-month'} className="rounded border border-gray-500 bg-white px-1 py-1"
                  onChange={(e) => setMonth(year, Number((e.target as HTMLSelectElement).value))}>
                  {MONTHS.map((m, i) => <option value={String(i + 1)} selected={i + 1 === month}>{m}</option>)}
                </select>
                <label htmlFor={ID + '-year'} className="sr-only">Year</label>
                <select id={ID + '-year'} className="rounded border border-gray-500 bg-white px-1 py-1"
                  onChange={(e) => setMonth(Number((e.target as HTMLSelectElement).value), month)}>
                  {years.map((y) => <option value={String(y)} selected={y === year}>{y}</option>)}
                </select>
                <button type="button" className="rounded border border-gray-500 px-2 py-1 disabled:opacity-50" disabled={atEnd}
                  onClick={() => setMonth(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1)}>
                  <span aria-hidden="true">›</span><span className="sr-only">Next month</span>
                </button>
              </div>
              <p id={ID + '-caption'} aria-live="polite" className="mb-1 text-center font-semibold">{MONTHS[month - 1]} {year}</p>
              <table role="grid" ref={grid} aria-labelledby={ID + '-caption'} className="w-full text-center" onKeyDown={onGridKey}>
                <thead>
                  <tr>{WEEKDAYS.map(([s, l]) => <th scope="col" abbr={l} className="py-1 text-xs font-medium text-gray-700">{s}</th>)}</tr>
                </thead>
                <tbody>
                  {weeks.map((w) => (
                    <tr>
                      {w.map((day) =>
                        day ? (
                          <td aria-selected={inRange(day)}>
                            <button type="button" tabIndex={day === focusDay ? 0 : -1} aria-label={longDate(day)}
                              aria-current={day === p.today ? 'date' : undefined}
                              className={'h-8 w-8 rounded ' + (isEnd(day) ? 'bg-blue-800 font-semibold text-white' : inRange(day) ? 'bg-blue-100' : 'hover:bg-gray-100') +
                                (day === p.today ? ' underline' : '')}
                              onFocus={() => day !== focusDay && setFocusDay(day)}
                              onClick={() => pick(day)}>{toDate(day).getUTCDate()}</button>
                          </td>
                        ) : (
                          <td />
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="mt-1 text-xs text-gray-700" aria-live="polite">
                {anchor ? 'Now choose the other end of the range.' : 'Choose the first and the last day, in either order.'}
              </p>
              <div className="mt-2 flex gap-2">
                {dateField('from', 'From', fromText)}
                {dateField('to', 'To', toText)}
              </div>
              <button type="button" className="mt-3 rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900" onClick={submitCustom}>
                Select date range
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
