// Parity fixture: SVG attributes. preact-render-to-string decides SVG naming
// by ancestry (children of <svg>); the icons a page draws follow that shape.
export const cases: Record<string, () => unknown> = {
  icon: () => (
    <svg className="h-4 w-4" viewBox="0 0 16 16" width={16} height={16} aria-hidden="true" focusable="false" fill="none">
      <path d="M8 3v10" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" fillOpacity={0.5} fillRule="evenodd" clipRule="evenodd" />
    </svg>
  ),
  use: () => (
    <svg xmlnsXlink="http://www.w3.org/1999/xlink" role="img" aria-label="Logo">
      <title>Logo</title>
      <use xlinkHref="#logo" href="#logo" />
    </svg>
  ),
  shapes: () => (
    <svg viewBox="0 0 10 10" preserveAspectRatio="xMidYMid meet">
      <g transform="translate(1,1)" clipPath="url(#c)" opacity={0.5}>
        <rect x={0} y={0} rx={1} ry={1} width={5} height={5} strokeDasharray="2 1" strokeDashoffset={1} strokeMiterlimit={4} strokeOpacity={0.2} />
        <circle cx={5} cy={5} r={2} vectorEffect="non-scaling-stroke" />
        <line x1={0} y1={0} x2={1} y2={1} markerEnd="url(#m)" markerStart="url(#s)" />
        <polyline points="0,0 1,1" shapeRendering="crispEdges" />
      </g>
    </svg>
  ),
  text: () => (
    <svg>
      <text x={1} y={2} textAnchor="middle" fontSize={12} fontFamily="sans-serif" fontWeight="bold" dominantBaseline="central" letterSpacing={1} textDecoration="underline">
        T &amp; <tspan baselineShift="super">2</tspan>
      </text>
    </svg>
  ),
  gradients: () => (
    <svg>
      <defs>
        <linearGradient id="g" gradientUnits="userSpaceOnUse" gradientTransform="rotate(90)" x1="0" x2="1">
          <stop offset="0" stopColor="red" stopOpacity={0.5} />
          <stop offset="1" stopColor="blue" />
        </linearGradient>
        <clipPath id="c" clipPathUnits="objectBoundingBox">
          <rect width={1} height={1} />
        </clipPath>
        <marker id="m" markerWidth={4} markerHeight={4} markerUnits="strokeWidth" refX={2} refY={2} />
        <filter id="f" colorInterpolationFilters="sRGB">
          <feGaussianBlur stdDeviation={2} />
        </filter>
      </defs>
    </svg>
  ),
  foreignObject: () => (
    <svg>
      <foreignObject width={10} height={10}>
        <div tabIndex={0} className="x">
          <input readOnly maxLength={2} />
        </div>
      </foreignObject>
    </svg>
  ),
  // On the <svg> element itself preact-render-to-string is still in HTML
  // mode (SVG mode starts with its children), so camelCase stays as written.
  svgRootAttributes: () => (
    <svg strokeWidth={2} strokeLinecap="round" fillOpacity={0.5} tabIndex={-1} xmlns="http://www.w3.org/2000/svg" />
  ),
  nestedSVG: () => (
    <svg>
      <svg strokeWidth={2} x={1}>
        <path strokeWidth={3} />
      </svg>
    </svg>
  ),
};

export default function SVG({ name }: { name: string }) {
  return cases[name]();
}
