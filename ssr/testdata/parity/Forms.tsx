// Parity fixture: form elements and their reflected properties.
export const cases: Record<string, () => unknown> = {
  defaultValue: () => <input name="q" defaultValue="a < b & c" />,
  value: () => <input name="q" value={0} />,
  defaultChecked: () => (
    <>
      <input type="checkbox" defaultChecked />
      <input type="radio" defaultChecked={false} />
      <input type="checkbox" checked />
    </>
  ),
  textareaValue: () => <textarea name="t" value="a < b & c" />,
  textareaDefaultValue: () => <textarea name="t" defaultValue={'line 1\nline 2 "q"'} />,
  textareaNumber: () => <textarea value={5} />,
  textareaNull: () => <textarea value={null} />,
  textareaChildren: () => <textarea>{'child & text'}</textarea>,
  textareaValueAndChildren: () => <textarea value="v">child</textarea>,
  optionSelected: () => (
    <select name="s">
      <option value="a">A</option>
      <option value="b" selected>
        B
      </option>
      <option value="c" selected={false}>
        C
      </option>
      <option value="d" defaultSelected>
        D
      </option>
    </select>
  ),
  selectUndefinedValue: () => (
    <select name="s" value={undefined}>
      <option value="a">A</option>
    </select>
  ),
  // Our runtime refuses this (errSelectValue): a server-only page marks the
  // option selected instead. parity_test.go asserts the error.
  selectValue: () => (
    <select name="s" value="b">
      <option value="a">A</option>
      <option value="b">B</option>
    </select>
  ),
  fieldset: () => (
    <fieldset disabled>
      <legend>L</legend>
      <label>
        <input type="radio" name="r" value="1" required aria-describedby="e" />
        One
      </label>
    </fieldset>
  ),
};

export default function Forms({ name }: { name: string }) {
  return cases[name]();
}
