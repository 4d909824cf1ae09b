// Parity fixture: dangerouslySetInnerHTML.
export const cases: Record<string, () => unknown> = {
  html: () => <div dangerouslySetInnerHTML={{ __html: '<b>raw & "unescaped"</b>' }} />,
  winsOverChildren: () => <div dangerouslySetInnerHTML={{ __html: '<i>inner</i>' }}>children</div>,
  emptyHTMLUsesChildren: () => <div dangerouslySetInnerHTML={{ __html: '' }}>children</div>,
  nullHTML: () => <div dangerouslySetInnerHTML={{ __html: null as unknown as string }}>children</div>,
  nullProp: () => <div dangerouslySetInnerHTML={null as unknown as { __html: string }}>children</div>,
  numberHTML: () => <div dangerouslySetInnerHTML={{ __html: 5 as unknown as string }} />,
  onVoid: () => <br dangerouslySetInnerHTML={{ __html: 'x' }} />,
  withAttributes: () => <section id="s" className="c" dangerouslySetInnerHTML={{ __html: '<p>p</p>' }} />,
};

export default function Inner({ name }: { name: string }) {
  return cases[name]();
}
