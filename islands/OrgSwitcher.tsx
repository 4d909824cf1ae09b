/** @jsxRuntime automatic @jsxImportSource preact */
// Organisation switcher (spec, Shell: "Organisation dropdown (list height
// 400): selecting navigates to /org/{id} and saves it as default; the menu
// also holds an 'API Reference' link to /docs and 'Log out'").
//
// The server's markup, and the first client render that hydrates it, is a
// working form (select and submit), so switching works without JavaScript.
// Once hydrated, an effect turns it into a button that opens a popup with a
// listbox of organisations (max height 400 px, scrolling), "API Reference"
// and "Log out". Choosing an organisation submits the same POST
// /organisations/switch form (organisation_id, _csrf): one server path for
// both, which saves the default and redirects to /org/{id}.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import type { JSX } from 'preact';
import { EMPTY, buttonKey, findByPrefix, listKey, move, typed, typing, type Action } from './lib/listbox';
import { Chevron, PANEL, TRIGGER, useCloseOnPointerOutside } from './lib/popover';
import type { ShellOrg, ShellUser } from '../templates/generated/props';

// Put together by the shell (templates/components/Shell.tsx) from its props.
export type Props = {
  orgs: ShellOrg[];
  current: ShellOrg;
  csrf: string;
  user: ShellUser;
  role: string;
};

// The shell holds one switcher per page, so fixed ids are unique (and the
// no-JS markup already uses id="organisation_id").
const ID = 'orgswitch';
const optionId = (i: number) => ID + '-opt-' + i;

export default function OrgSwitcher({ orgs, current, csrf, user, role }: Props) {
  const js = useHydrated();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const chosen = useRef<HTMLInputElement>(null);
  const ahead = useRef(EMPTY);
  // What to focus once the next render is in the DOM.
  const focusNext = useRef<'button' | 'list' | ''>('');
  const cur = orgs.findIndex((o) => o.id === current.id);

  // Enhanced once hydrated (useHydrated): focus already inside the form
  // then stays inside, on the button.
  useEffect(() => {
    if (root.current!.contains(document.activeElement)) focusNext.current = 'button';
  }, []);

  useLayoutEffect(() => {
    const f = focusNext.current;
    focusNext.current = '';
    if (f) (f === 'list' ? list : button).current!.focus();
    // scrollIntoView is missing in jsdom.
    if (open) (list.current!.children[active] as HTMLElement | undefined)?.scrollIntoView?.({ block: 'nearest' });
  });

  useCloseOnPointerOutside(open, box, () => setOpen(false));

  // The current organisation, shortened to fit the top bar (its full name
  // is in the list and in the control's name); the same before and after
  // enhancement.
  const face = (
    <>
      <span className="min-w-0 truncate">{current.name}</span>
      <Chevron />
    </>
  );
  // Who is logged in, the API Reference and Log out: under the list, the
  // same with and without JavaScript.
  const account = (
    <>
      <p className="px-3 py-2 text-sm text-gray-700">{user.name} · {role}</p>
      <a href="/docs" className="block rounded px-3 py-2 underline hover:bg-gray-100">API Reference</a>
      <form method="post" action="/logout">
        <input type="hidden" name="_csrf" value={csrf} />
        <button type="submit" className="block w-full rounded px-3 py-2 text-left underline hover:bg-gray-100">Log out</button>
      </form>
    </>
  );

  if (!js) {
    // Without JavaScript: a disclosure holding the plain forms.
    return (
      <div className="min-w-0" ref={root}>
        <details className="relative">
          <summary className={TRIGGER}><span className="sr-only">Organisation: </span>{face}</summary>
          <div className={PANEL + ' right-0 w-72 p-2'}>
            <form method="post" action="/organisations/switch" className="flex flex-wrap items-end gap-2 px-1 pb-2">
              <input type="hidden" name="_csrf" value={csrf} />
              <label htmlFor="organisation_id" className="w-full text-sm">Organisation</label>
              <select id="organisation_id" name="organisation_id" className="min-w-0 flex-1 rounded border border-gray-500 px-2 py-1.5">
                {orgs.map((o) => (
                  <option value={o.id} selected={o.id === current.id}>{o.name}</option>
                ))}
              </select>
              <button type="submit" className="rounded border border-gray-600 px-3 py-1.5">Switch</button>
            </form>
            <div className="border-t border-gray-300 pt-1">{account}</div>
          </div>
        </details>
      </div>
    );
  }

  const show = () => {
    ahead.current = EMPTY;
    setActive(cur < 0 ? 0 : cur);
    setOpen(true);
    focusNext.current = 'list';
  };
  const close = () => {
    setOpen(false);
    button.current!.focus();
  };
  const choose = (i: number) => {
    const o = orgs[i];
    if (!o || o.id === current.id) return close();
    close();
    chosen.current!.value = o.id;
    const f = form.current!;
    if (f.requestSubmit) f.requestSubmit();
    else f.submit();
  };

  const onKeyDown = (e: JSX.TargetedKeyboardEvent<HTMLElement>) => {
    // On the listbox every key counts; on the link and the Log out button
    // inside the popup only Escape does.
    const now = Date.now();
    const a: Action =
      e.target === list.current ? listKey(e, typing(ahead.current, now)) : { type: e.key === 'Escape' ? 'close' : 'none' };
    if (a.type === 'none') return;
    e.preventDefault();
    // Any other key ends a type-ahead: letters after it start a new one.
    if (a.type !== 'type') ahead.current = EMPTY;
    if (a.type === 'move') setActive((i) => move(i, orgs.length, a.to));
    else if (a.type === 'select') choose(active);
    else if (a.type === 'close') close();
    else if (a.type === 'type') {
      const t = (ahead.current = typed(ahead.current, a.char, now));
      const names = orgs.map((o) => o.name);
      setActive((i) => {
        const j = findByPrefix(names, i, t.text);
        return j < 0 ? i : j;
      });
    }
  };

  return (
    <div className="min-w-0" ref={root}>
      <form method="post" action="/organisations/switch" hidden ref={form}>
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="organisation_id" value={current.id} ref={chosen} />
      </form>
      <span id={ID + '-label'} className="sr-only">Organisation</span>
      <div className="relative" ref={box}>
        <button
          type="button"
          id={ID + '-button'}
          ref={button}
          aria-labelledby={ID + '-label ' + ID + '-button'}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={ID + '-list'}
          className={TRIGGER}
          // While open, pressing the button must not move focus (that would
          // close the popup through the blur below before the click toggles).
          onMouseDown={(e) => open && e.preventDefault()}
          onClick={() => (open ? close() : show())}
          onKeyDown={(e) => {
            if (!open && buttonKey(e).type === 'open') {
              e.preventDefault();
              show();
            }
          }}
        >
          {face}
        </button>
        <div
          ref={popup}
          hidden={!open}
          tabIndex={-1}
          className={PANEL + ' right-0 w-72 p-1'}
          onKeyDown={onKeyDown}
          // Focus leaving the popup (Tab past "Log out", Shift+Tab back to
          // the button) closes it.
          onBlurCapture={(e) => {
            const to = e.relatedTarget as Node | null;
            if (to && !popup.current!.contains(to)) setOpen(false);
          }}
        >
          <ul
            role="listbox"
            id={ID + '-list'}
            ref={list}
            tabIndex={0}
            aria-labelledby={ID + '-label'}
            aria-activedescendant={open ? optionId(active) : undefined}
            className="max-h-[400px] overflow-auto"
          >
            {orgs.map((o, i) => (
              <li
                role="option"
                id={optionId(i)}
                aria-selected={i === cur}
                onClick={() => choose(i)}
                className={
                  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 ' +
                  (i === active ? 'bg-blue-100 outline-2 -outline-offset-2 outline-blue-800' : 'hover:bg-gray-100') +
                  (i === cur ? ' font-semibold' : '')
                }
              >
                <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4 shrink-0">
                  {i === cur ? <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" stroke-width="2" /> : null}
                </svg>
                {o.name}
              </li>
            ))}
          </ul>
          <div className="mt-1 border-t border-gray-300 pt-1">{account}</div>
        </div>
      </div>
    </div>
  );
}
