// The SYSTEM prompt is static (C2) and teaches only what the interpreter really does: every
// ```clojure example runs, every `; => result` claim holds, every named function exists.
import { describe, expect, it } from 'vitest';
import { FUNCTION_GROUPS, LanguageSpec, NOT_AVAILABLE, type PromptMode } from '../../src/agent/language-spec.ts';
import { SystemPrompt } from '../../src/agent/system-prompt.ts';
import { run, type RunOptions } from '../../src/lisp/run.ts';
import { specialForms } from '../../src/lisp/analyzer.ts';
import { lookupBuiltin, lookupInterop, lookupNamespaced } from '../../src/lisp/builtins/registry.ts';
import { fromJson } from '../../src/lisp/json.ts';
import { printValue } from '../../src/lisp/printer.ts';
import type { ToolImpl } from '../../src/lisp/runtime.ts';
import type { PtcFn, Value } from '../../src/lisp/values.ts';

const MODES: readonly PromptMode[] = ['single_shot', 'multi_turn'];

/** A fake tool from PTC-Lisp source, as sessions define them. */
function tool(name: string, src: string): ToolImpl {
  const r = run({ program: src });
  if (!r.ok) throw new Error(r.error.message);
  return { name, fn: r.value as PtcFn };
}

/** What the examples may use: the tools and data the prompt mentions, and an earlier turn's result. */
const ENV: Omit<RunOptions, 'program'> = {
  tools: [
    tool('search-reviews', '(fn [category] [{:product "TV" :rating 4.5 :category category}])'),
    tool('get-inventory', '(fn [] {:TV 3 :Radio 0})'),
    tool('send-email', '(fn [msg] {:sent true})'),
  ],
  data: new Map<string, Value>([
    [
      'products',
      fromJson([
        { name: 'Laptop', price: 1200, stock: 3 },
        { name: 'Mouse', price: 25, stock: 0 },
        { name: 'Desk', price: 300, stock: 5 },
      ]),
    ],
  ]),
  history: [42],
};

function codeBlocks(text: string): string[] {
  return [...text.matchAll(/```clojure\n([\s\S]*?)```/g)].map((m) => m[1]);
}

function withoutCodeBlocks(text: string): string {
  return text.replace(/```[\s\S]*?```/g, '');
}

interface Claim {
  line: number;
  program: string;
  expected: string;
}

/**
 * `code ; => result` claims the value of the program up to and including that line;
 * a line holding only `;; => result` claims the value of the program before it.
 */
function claims(block: string): Claim[] {
  const lines = block.split('\n');
  const out: Claim[] = [];
  lines.forEach((line, i) => {
    const m = /^(.*?);+\s*=>\s*(.*?)\s*$/.exec(line);
    if (m === null) return;
    const code = m[1].trimEnd();
    const program = [...lines.slice(0, i), ...(code.trim() === '' ? [] : [code])].join('\n');
    out.push({ line: i + 1, program, expected: m[2] });
  });
  return out;
}

const allText = MODES.map((m) => SystemPrompt.generate(m)).join('\n\n');
const blocks = [...new Set(codeBlocks(allText))];

describe('SystemPrompt.generate', () => {
  it('is static: the same text on every call, and no template placeholders', () => {
    for (const mode of MODES) {
      expect(SystemPrompt.generate(mode)).toBe(SystemPrompt.generate(mode));
      expect(SystemPrompt.generate(mode, { prefix: 'You are an analyst.' })).toBe(SystemPrompt.generate(mode, { prefix: 'You are an analyst.' }));
      expect(SystemPrompt.generate(mode)).not.toContain('{{');
      expect(LanguageSpec.get(mode)).toBe(LanguageSpec.get(mode));
    }
  });

  it('differs between the modes', () => {
    expect(SystemPrompt.generate('single_shot')).not.toBe(SystemPrompt.generate('multi_turn'));
    expect(LanguageSpec.get('single_shot')).not.toBe(LanguageSpec.get('multi_turn'));
  });

  it('is made of the prefix, the language reference and the reply rules', () => {
    for (const mode of MODES) {
      const plain = SystemPrompt.generate(mode);
      expect(plain.startsWith(LanguageSpec.get(mode))).toBe(true);
      const withPrefix = SystemPrompt.generate(mode, { prefix: 'You are an analyst.' });
      expect(withPrefix).toBe(`You are an analyst.\n\n${plain}`);
      expect(SystemPrompt.generate(mode, { prefix: '' })).toBe(plain);
      expect(plain).toContain('exactly one ```clojure code block');
      expect(plain).toContain('(return value)');
      expect(plain).toContain('(fail "reason")');
    }
  });

  it('carries no mission, tool list or data rendering (those belong to the USER message)', () => {
    for (const mode of MODES) {
      const text = SystemPrompt.generate(mode);
      expect(text).not.toMatch(/;; === (tool|data|user)\//);
      expect(text).not.toContain('Turns left: 1');
      expect(text).not.toContain('Tool calls made');
    }
  });

  it('teaches the multi-turn mechanics only in multi_turn mode', () => {
    const multi = SystemPrompt.generate('multi_turn');
    const single = SystemPrompt.generate('single_shot');
    for (const s of ['println', 'user/', '*1', 'Turns left', 'ambiguous_reference']) expect(multi).toContain(s);
    expect(single).not.toContain('Turns left');
    expect(single).not.toContain('*1');
    expect(single).toContain('last expression is the answer');
  });

  it('keeps the language reference compact', () => {
    for (const mode of MODES) {
      const n = LanguageSpec.get(mode).length;
      expect(n).toBeGreaterThan(4000);
      expect(n).toBeLessThan(9000);
    }
  });

  it('rejects an unknown mode', () => {
    expect(() => SystemPrompt.generate('chat' as PromptMode)).toThrow(/unknown prompt mode/);
  });
});

describe('every example in the prompt runs', () => {
  it('has examples to check', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    expect(blocks.flatMap(claims).length).toBeGreaterThanOrEqual(20);
  });

  it.each(blocks.map((b, i) => [i + 1, b] as const))('block %i runs without error', (_i, block) => {
    const r = run({ ...ENV, program: block });
    if (!r.ok) throw new Error(`${r.error.type}: ${r.error.message}\n${block}`);
    expect(r.signal).not.toBe('fail');
  });

  const allClaims = blocks.flatMap((b) => claims(b).map((c) => [c.expected, c] as const));
  it.each(allClaims)('=> %s', (_expected, c) => {
    const r = run({ ...ENV, program: c.program });
    if (!r.ok) throw new Error(`${r.error.type}: ${r.error.message}\n${c.program}`);
    expect(r.signal).not.toBe('fail');
    expect(printValue(r.value)).toBe(c.expected);
  });
});

/** Whether a symbol names something the interpreter has: special form, builtin, prefixed builtin, interop. */
function known(name: string): boolean {
  if (specialForms.has(name) || lookupBuiltin(name) !== undefined || lookupInterop(name) !== undefined) return true;
  const slash = name.indexOf('/');
  if (slash > 0 && slash < name.length - 1) return lookupNamespaced(name.slice(0, slash), name.slice(slash + 1)) !== undefined;
  return false;
}

/** Names the examples define themselves, e.g. (defn line-total ...). */
const defined = new Set([...allText.matchAll(/\((?:def|defn)\s+([^\s()[\]{}]+)/g)].map((m) => m[1]));

/** Inline words that are not function names: literals, placeholders, where operators, prose names. */
const NOT_FUNCTIONS = new Set(['nil', 'true', 'false', '%', '%1', '%2', '*1', '*2', '*3', 'ambiguous_reference', 'arithmetic_error', 'm', 'n-items']);

describe('the prompt names only what the interpreter has', () => {
  it.each(FUNCTION_GROUPS.flatMap((g) => g.names))('%s is a builtin', (name) => {
    expect(known(name)).toBe(true);
  });

  it('lists every function group in the text', () => {
    for (const mode of MODES) {
      for (const g of FUNCTION_GROUPS) expect(LanguageSpec.get(mode)).toContain(`- ${g.area}: ${g.names.join(' ')}`);
    }
  });

  it.each(NOT_AVAILABLE)('%s, said to be missing, is not a builtin and is refused', (name) => {
    expect(lookupBuiltin(name)).toBeUndefined();
    expect(specialForms.has(name)).toBe(false);
    expect(allText).toContain(name);
    expect(run({ program: `(${name} 1)` }).ok).toBe(false);
  });

  it('resolves the head of every inline call and every inline name in the prose', () => {
    const prose = withoutCodeBlocks(allText);
    const unknown: string[] = [];
    for (const [, span] of prose.matchAll(/`([^`\n]+)`/g)) {
      let name: string | null = null;
      if (span.startsWith('(')) {
        const head = /^\(([^\s()[\]{}"]+)/.exec(span)?.[1];
        if (head === undefined) continue;
        name = head;
      } else if (/^[^\s:#"\\[{(0-9.][^\s]*$/.test(span) || /^\.[a-zA-Z]+$/.test(span)) {
        name = span;
      }
      if (name === null || name.startsWith(':') || name.endsWith('/')) continue;
      if (name.startsWith('tool/') || name.startsWith('data/')) continue;
      if (NOT_FUNCTIONS.has(name) || defined.has(name) || NOT_AVAILABLE.includes(name)) continue;
      if (!known(name)) unknown.push(`${name} (in \`${span}\`)`);
    }
    expect(unknown).toEqual([]);
  });
});
