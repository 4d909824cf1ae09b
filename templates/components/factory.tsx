// The pages' side of the parts shared with the islands (ui/): elements made the way this
// file's JSX makes them, by the Go element writer's factory on the server (ssr/element.go)
// and by preact's where the tests render pages in jsdom.
import type { ComponentChildren, JSX } from 'preact';
import type { Factory } from '../../ui/field';

export const h: Factory<JSX.Element> = (type: 'div', props: JSX.HTMLAttributes<HTMLDivElement>, ...children: ComponentChildren[]) => {
  const T = type;
  return <T {...props}>{children}</T>;
};
