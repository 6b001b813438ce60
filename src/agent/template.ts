// Template: text with `{{name}}` or `{{path.to.field}}` placeholders.

export interface Placeholder {
  /** As written between the braces, trimmed: `user.name`. */
  readonly path: string;
  readonly start: number;
  readonly end: number;
}

export interface Template {
  readonly template: string;
  readonly placeholders: readonly Placeholder[];
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_*+!?<>=-][\w*+!?<>=./-]*)\s*\}\}/g;

export function parseTemplate(template: string): Template {
  const placeholders: Placeholder[] = [];
  for (const m of template.matchAll(PLACEHOLDER)) {
    placeholders.push({ path: m[1], start: m.index, end: m.index + m[0].length });
  }
  return { template, placeholders };
}

export interface Expansion {
  text: string;
  missing: string[];
  /** Set when the text was cut at `maxChars`: the warning that says so. */
  cut?: string;
}

/**
 * Replaces each placeholder the lookup knows; unknown ones stay as written and are reported once
 * each. Linear in the template and the text produced: the text stops at `maxChars` (a placeholder
 * naming a large value, repeated, would otherwise multiply it), with a note saying so.
 */
export function expandTemplate(t: Template, lookup: (path: string) => string | undefined, maxChars = Infinity): Expansion {
  const out: string[] = [];
  const missing = new Set<string>();
  let length = 0;
  let full = false;
  // Appends as much of `piece` as fits; false once the text is full.
  const add = (piece: string): boolean => {
    if (length + piece.length > maxChars) {
      out.push(piece.slice(0, maxChars - length));
      length = maxChars;
      full = true;
      return false;
    }
    out.push(piece);
    length += piece.length;
    return true;
  };
  let at = 0;
  for (const p of t.placeholders) {
    if (!add(t.template.slice(at, p.start))) break;
    const value = lookup(p.path);
    if (value === undefined) missing.add(p.path);
    if (!add(value ?? t.template.slice(p.start, p.end))) break;
    at = p.end;
  }
  if (!full) add(t.template.slice(at));
  if (!full) return { text: out.join(''), missing: [...missing] };
  const limit = maxChars.toLocaleString('en-US');
  out.push(`\n[… cut: the expanded text is limited to ${limit} characters]`);
  return {
    text: out.join(''),
    missing: [...missing],
    cut: `the expanded text is over ${limit} characters; it is cut there (does a placeholder name a large value, or repeat one?)`,
  };
}
