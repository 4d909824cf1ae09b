// Markup only the server draws. An island may hold a part the browser never needs to run:
// a plain form that works posted to the server and that the island replaces as soon as its
// own code came (the payout export's form on the page, moved into the dialog). Hydrating
// such a part would ship its code on the island's first load for nothing, so the part is a
// module whose name ends in ".server" (its default export the markup) and the island writes
//
//	{__PORTAL_SERVER__ ? <section …><Part …/></section> : kept('section', { … }, ref)}
//
// The bundler (ssr/bundle) defines __PORTAL_SERVER__: true in the server's bundle, false in
// the browser's, where the minifier drops the server branch; and it makes every ".server"
// module an empty one in the browser's bundles, so neither the part nor what only it
// imports ships. kept is an element whose inner HTML preact neither hydrates nor replaces:
// the server's markup stays as it came, working, until the island stops rendering it.
import { h, type Ref, type VNode } from 'preact';

declare global {
  /** Defined by the bundler; the island unit tests set it around a server render. */
  // eslint-disable-next-line no-var
  var __PORTAL_SERVER__: boolean;
}

/** The server's markup of tag kept as it came (see above); attrs as the server wrote them. */
export function kept(tag: string, attrs: Record<string, string | undefined>, ref?: Ref<HTMLElement>): VNode {
  return h(tag, { ...attrs, ref, dangerouslySetInnerHTML: { __html: '' } }) as VNode;
}

/** What a kept form holds now, as values of the shape of like: a field that is a list
 *  there (checkboxes) is read as every value checked, any other as its one value. */
export function formValues<V extends { [K in keyof V]: string | string[] }>(form: HTMLFormElement | null | undefined, like: V): V {
  if (!form) return like;
  const data = new FormData(form);
  const out = {} as Record<keyof V, string | string[]>;
  for (const k of Object.keys(like) as (keyof V & string)[]) {
    out[k] = Array.isArray(like[k]) ? data.getAll(k).map(String) : String(data.get(k) ?? '');
  }
  return out as V;
}
