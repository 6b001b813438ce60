// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeEditor, GET_VALUE_EVENT, MIRROR_LIMIT, SET_VALUE_EVENT, monacoAvailable, type CodeEditorProps } from '../../../src/ui/components/CodeEditor.tsx';

afterEach(cleanup);

function Controlled(props: Omit<CodeEditorProps, 'value' | 'onChange'> & { initial: string; onValue?: (v: string) => void }) {
  const { initial, onValue, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <CodeEditor
      {...rest}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

describe('CodeEditor', () => {
  it('stays a textarea where Monaco cannot run (jsdom)', () => {
    expect(monacoAvailable()).toBe(false);
    render(<CodeEditor value="(+ 1 2)" language="clojure" ariaLabel="Program" testId="program" />);
    const el = screen.getByTestId('program');
    expect(el.tagName).toBe('TEXTAREA');
    expect(el.getAttribute('data-editor')).toBe('textarea');
    expect(el.getAttribute('data-value')).toBe('(+ 1 2)');
    expect(screen.getByRole('textbox', { name: 'Program' })).toBe(el);
  });

  it('is editable, mirrors its value in data-value, and submits on Ctrl/Cmd+Enter', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onValue = vi.fn();
    render(<Controlled initial="" language="clojure" ariaLabel="Program" testId="program" onSubmit={onSubmit} onValue={onValue} />);
    const el = screen.getByTestId('program');
    await user.type(el, '(inc 1)');
    expect(onValue).toHaveBeenLastCalledWith('(inc 1)');
    expect(el.getAttribute('data-value')).toBe('(inc 1)');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect((el as HTMLTextAreaElement).value).toBe('(inc 1)');
  });

  it('does not copy a long text into an attribute: its length is there, and ptc-get-value reads it', () => {
    const long = `{"rows": "${'x'.repeat(MIRROR_LIMIT)}"}`;
    render(<CodeEditor value={long} language="json" ariaLabel="Data" testId="data" />);
    const el = screen.getByTestId('data');
    expect(el.hasAttribute('data-value')).toBe(false);
    expect(el.getAttribute('data-value-length')).toBe(String(long.length));
    const attributes = [...el.attributes].reduce((n, a) => n + a.value.length, 0);
    expect(attributes).toBeLessThan(1000);
    const box: { value?: string } = {};
    el.dispatchEvent(new CustomEvent(GET_VALUE_EVENT, { detail: box }));
    expect(box.value).toBe(long);
  });

  it('replaces its text on the ptc-set-value event', () => {
    const onValue = vi.fn();
    render(<Controlled initial="old" language="json" ariaLabel="Data" testId="data" onValue={onValue} />);
    const el = screen.getByTestId('data');
    act(() => {
      el.dispatchEvent(new CustomEvent(SET_VALUE_EVENT, { detail: '{"a": 1}' }));
    });
    expect(onValue).toHaveBeenCalledWith('{"a": 1}');
    expect((screen.getByTestId('data') as HTMLTextAreaElement).value).toBe('{"a": 1}');
  });

  it('lists markers with line and column, and marks itself invalid', () => {
    render(<CodeEditor value="{" language="json" ariaLabel="Data" testId="data" markers={[{ line: 1, column: 2, message: 'missing }' }]} />);
    expect(screen.getByTestId('data-markers').textContent).toBe('line 1, column 2: missing }');
    expect(screen.getByRole('list', { name: 'Data errors' })).toBeTruthy();
    expect(screen.getByTestId('data').getAttribute('aria-invalid')).toBe('true');
  });

  it('read-only text cannot be edited', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Controlled initial="fixed" language="plaintext" ariaLabel="Output" testId="out" readOnly onValue={onValue} />);
    await user.type(screen.getByTestId('out'), 'x');
    expect(onValue).not.toHaveBeenCalled();
  });
});
