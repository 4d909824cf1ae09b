// Parity fixture: style objects and strings.
export const cases: Record<string, () => unknown> = {
  pxSuffix: () => <div style={{ width: 10, height: 1.5, margin: 0, top: -4 }} />,
  unitless: () => (
    <div style={{ opacity: 0.5, zIndex: 2, lineHeight: 1.5, flexGrow: 1, fontWeight: 700, order: 3, flex: 1, zoom: 2 }} />
  ),
  customProperties: () => <div style={{ '--x': 1, '--my-color': 'red', '--Camel': 2 }} />,
  nullValues: () => <div style={{ color: null, width: undefined, height: '', top: 0, display: false }} />,
  emptyObject: () => <div style={{}} />,
  allNull: () => <div style={{ color: null }} />,
  styleNull: () => <div style={null} />,
  styleUndefined: () => <div style={undefined} />,
  styleString: () => <div style="color: red; background: url(&quot;x&quot;)" />,
  vendorPrefixes: () => <div style={{ WebkitTransition: 'none', msTransform: 'none', MozBoxSizing: 'border-box', '-webkit-line-clamp': 2 }} />,
  quotes: () => <div style={{ fontFamily: '"Inter", sans-serif', content: '"<&>"' }} />,
  camelCase: () => <div style={{ backgroundColor: 'red', borderTopLeftRadius: 4, gridColumn: 2, strokeWidth: 2, fillOpacity: 0.3 }} />,
  nanAndInfinity: () => <div style={{ width: NaN, height: Infinity }} />,
};

export default function Style({ name }: { name: string }) {
  return cases[name]();
}
