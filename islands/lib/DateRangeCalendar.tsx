/** @jsxRuntime automatic @jsxImportSource preact */
// The date range picker's Custom range (spec 000 §2 "Global date range picker", §5 "Date
// inputs"): a calendar (weeks from Monday, month and year navigation within the allowed
// years) with From and To inputs and "Select date range". DateRangePicker loads it when its
// popover first opens (the presets need none of it, nor lib/daterange) and mounts it while
// Custom range is chosen in the open popover, so each opening starts from the current
// range.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import { addDays, addMonths, clampDay, customRange, display, fromForm, maskDate, monthGrid, parseDisplay, toDate, ymd } from './daterange';

export type CalendarProps = {
  /** The ids' prefix (the picker's). */
  id: string;
  /** The current range's dates as DD-MM-YYYY, and the server's today (ISO). */
  from: string;
  to: string;
  today: string;
  minYear: number;
  maxYear: number;
  /** The picker's inputs' classes, less the border colour. */
  inputClass: string;
  /** Posts the checked range through the picker's form. */
  post: (from: string, to: string) => void;
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = [['Mo', 'Monday'], ['Tu', 'Tuesday'], ['We', 'Wednesday'], ['Th', 'Thursday'], ['Fr', 'Friday'], ['Sa', 'Saturday'], ['Su', 'Sunday']];

function longDate(day: string): string {
  const d = toDate(day);
  return `${WEEKDAYS[(d.getUTCDay() + 6) % 7][1]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

export function Calendar(p: CalendarProps) {
  const ID = p.id;
  const [focusDay, setFocusDay] = useState(() => parseDisplay(p.to, p.today).date ?? p.today);
  const [anchor, setAnchor] = useState<string | null>(null);
  const [fromText, setFromText] = useState(p.from);
  const [toText, setToText] = useState(p.to);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const root = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  const focusNext = useRef<'grid' | 'from' | ''>('');

  useLayoutEffect(() => {
    const f = focusNext.current;
    focusNext.current = '';
    if (f === 'grid') grid.current?.querySelector<HTMLElement>('button[tabindex="0"]')?.focus();
    else if (f === 'from') root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });

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
    p.post(fromText, toText);
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
          className={p.inputClass + (err ? 'border-red-700' : 'border-gray-500')}
          onInput={(e) => typedDate(field, (e.target as HTMLInputElement).value)} />
      </div>
    );
  };

  return (
    <div className="sm:w-80" ref={root}>
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
  );
}
