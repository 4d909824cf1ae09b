// A form field's frame, shared by the server-rendered pages and the islands: the label, the
// hint and the error beside the control, and the ids the control's aria-describedby points
// at. No JSX here: pages and islands compile JSX with different factories, so each binds the
// component to its own (fieldWith).

// The (type, props, ...children) signature of preact's h and of the pages' factory.
export type Factory<N> = (type: any, props: any, ...children: any[]) => N;

export type FieldProps = { id: string; label: string; hint?: string; error?: string; children?: unknown };

/** The ids of the hint and error a control is described by, or none. */
export function describedBy(id: string, hint?: unknown, error?: string): string | undefined {
  return [hint ? id + '-hint' : '', error ? id + '-error' : ''].filter(Boolean).join(' ') || undefined;
}

/** The field component for a JSX factory: a div with the label, hint, error and the control (children). */
export function fieldWith<N>(h: Factory<N>) {
  return function Field({ id, label, hint, error, children }: FieldProps): N {
    return h(
      'div',
      { className: 'mb-4' },
      h('label', { htmlFor: id, className: 'block font-medium' }, label),
      hint ? h('p', { id: id + '-hint', className: 'text-sm text-gray-700' }, hint) : null,
      error ? h('p', { id: id + '-error', className: 'text-sm font-medium text-red-800' }, h('span', { className: 'sr-only' }, 'Error: '), error) : null,
      children,
    );
  };
}
