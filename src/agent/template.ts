// Template: text with `{{name}}` or `{{path.to.field}}` placeholders (seed 002 `PtcRunner.Template`).

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

/** Replaces each placeholder the lookup knows; unknown ones stay as written and are reported. */
export function expandTemplate(t: Template, lookup: (path: string) => string | undefined): { text: string; missing: string[] } {
  const out: string[] = [];
  const missing: string[] = [];
  let at = 0;
  for (const p of t.placeholders) {
    out.push(t.template.slice(at, p.start));
    const value = lookup(p.path);
    if (value === undefined) {
      if (!missing.includes(p.path)) missing.push(p.path);
      out.push(t.template.slice(p.start, p.end));
    } else {
      out.push(value);
    }
    at = p.end;
  }
  out.push(t.template.slice(at));
  return { text: out.join(''), missing };
}
