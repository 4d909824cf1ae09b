// Entry of the server bundle: the page registry and the render function Go calls.
import pages from 'portal:pages';

const frag = globalThis.__portal_frag;

// Go passes props already parsed (ssr/props.go).
globalThis.__portal_render = function render(page, props) {
  const Page = pages[page];
  if (!Page) throw new Error('ssr: unknown page ' + page);
  return frag(Page(props));
};
