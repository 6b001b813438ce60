// docs/architecture.md describes the layers three ways (the order line, the diagram, the table) and
// .dependency-cruiser.cjs states the order in its header; the rules themselves are what
// `npm run lint:deps` enforces. Each description is held to the rules here, so the page cannot drift
// from what the build checks. The last test plants wrong pages to show each check failing.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONFIG = `${ROOT}.dependency-cruiser.cjs`;
const DOC = `${ROOT}docs/architecture.md`;

interface Rule {
  readonly name: string;
  readonly from: { readonly path?: string };
  readonly to: { readonly path?: string };
}

/** The layers as the rules give them: each layer, lowest first, with the src/ folders it must not import. */
type Rules = ReadonlyMap<string, ReadonlySet<string>>;

/** The `layer-*` rules of the import check, one per entry of the config's LAYERS table, in its order. */
function rulesOf(config: { readonly forbidden: readonly Rule[] }): Rules {
  const layers = new Map<string, ReadonlySet<string>>();
  for (const rule of config.forbidden.filter((r) => r.name.startsWith('layer-'))) {
    const from = /^\^src\/(\w+)\/$/.exec(rule.from.path ?? '');
    const to = /^\^src\/\(([\w|]+)\)\/$/.exec(rule.to.path ?? '');
    if (from === null || to === null) throw new Error(`rule ${rule.name} is not of the form src/<layer> -> src/(<layers>)`);
    layers.set(from[1], new Set(to[1].split('|')));
  }
  return layers;
}

function mayImport(rules: Rules, from: string, to: string): boolean {
  return from !== to && !(rules.get(from)?.has(to) ?? true);
}

function pairs(rules: Rules): [string, string][] {
  const names = [...rules.keys()];
  return names.flatMap((a) => names.filter((b) => b !== a).map((b): [string, string] => [a, b]));
}

function sameLayers(rules: Rules, named: Iterable<string>, where: string): string[] {
  const seen = new Set(named);
  return [
    ...[...rules.keys()].filter((l) => !seen.has(l)).map((l) => `${where} leaves out the layer ${l}`),
    ...[...seen].filter((l) => !rules.has(l)).map((l) => `${where} names ${l}, which the rules do not know`),
  ];
}

/** Where `claims` (which of the `named` layers may import which) and the rules part ways. */
function sameImports(rules: Rules, named: readonly string[], claims: (from: string, to: string) => boolean, where: string): string[] {
  return pairs(rules).flatMap(([a, b]) => {
    if (!named.includes(a) || !named.includes(b)) return [];
    const said = claims(a, b);
    if (said === mayImport(rules, a, b)) return [];
    return [said ? `${where} lets ${a} import ${b}, the rules forbid it` : `${where} keeps ${a} from importing ${b}, the rules allow it`];
  });
}

/**
 * An order written `lisp < records < … < worker < ui; experiment < cli`: chains lowest first, a comma
 * between peers, a semicolon between chains; what a chain puts below a layer, that layer may import.
 */
function chainClaims(text: string): { layers: string[]; claims: (from: string, to: string) => boolean } {
  const chains = text.split(';').map((chain) => chain.split('<').map((group) => group.split(',').map((name) => name.trim().replace(/^`|`$/g, ''))));
  const layers = [...new Set(chains.flat(2))];
  const below = new Map(layers.map((l) => [l, new Set<string>()]));
  for (const chain of chains) {
    chain.forEach((group, i) => {
      const lower = chain.slice(0, i).flat();
      for (const l of group) for (const b of lower) below.get(l)?.add(b);
    });
  }
  // Chains meet at a shared layer: what is below it is below whatever is above it.
  for (const via of layers) for (const l of layers) if (below.get(l)?.has(via)) below.get(via)?.forEach((lower) => below.get(l)?.add(lower));
  return { layers, claims: (a, b) => below.get(a)?.has(b) ?? false };
}

/** The one line of a text that is an order of layers; `prefix` is what starts each line (a comment's `//`). */
function orderLine(text: string, prefix: string, where: string): { chain: string } | { problem: string } {
  const name = '`?\\w+`?';
  const shape = new RegExp(`^${prefix}\\s*(${name}(?:\\s*[<,;]\\s*${name})*\\s*<\\s*${name}(?:\\s*[<,;]\\s*${name})*)\\s*$`);
  const found = text.split('\n').flatMap((line) => shape.exec(line)?.[1] ?? []);
  return found.length === 1 ? { chain: found[0] } : { problem: `${where} has ${found.length} order lines, not one` };
}

function checkChain(rules: Rules, text: string, prefix: string, where: string): string[] {
  const line = orderLine(text, prefix, where);
  if ('problem' in line) return [line.problem];
  const { layers, claims } = chainClaims(line.chain);
  return [...sameLayers(rules, layers, where), ...sameImports(rules, layers, claims, where)];
}

/** The diagram's arrows: `a --> b` says a may import b, and with it anything b may import. */
function checkDiagram(rules: Rules, doc: string): string[] {
  const block = /```mermaid\n([\s\S]*?)```/.exec(doc);
  if (block === null) return ['the diagram is missing'];
  const nodes: string[] = [];
  const arrows = new Map<string, string[]>();
  const unread: string[] = [];
  for (const line of block[1].split('\n').map((l) => l.trim())) {
    const node = /^(\w+)\[/.exec(line);
    const arrow = /^(\w+)\s*-->\s*(\w+)$/.exec(line);
    if (node !== null) nodes.push(node[1]);
    else if (arrow !== null) arrows.set(arrow[1], [...(arrows.get(arrow[1]) ?? []), arrow[2]]);
    else if (line !== '' && !line.startsWith('flowchart')) unread.push(`the diagram has a line this test cannot read: ${line}`);
  }
  const reach = (from: string, to: string): boolean => {
    const seen = new Set<string>();
    const next = [...(arrows.get(from) ?? [])];
    while (next.length > 0) {
      const layer = next.pop() as string;
      if (layer === to) return true;
      if (!seen.has(layer)) next.push(...(arrows.get(layer) ?? []));
      seen.add(layer);
    }
    return false;
  };
  return [...unread, ...sameLayers(rules, nodes, 'the diagram'), ...sameImports(rules, nodes, reach, 'the diagram')];
}

/** The table's rows, lowest first: no row may import one listed after it. */
function checkTable(rules: Rules, doc: string): string[] {
  const rows = [...doc.matchAll(/^\| `src\/(\w+)` \|/gm)].map((m) => m[1]);
  return [...sameLayers(rules, rows, 'the table'), ...inOrder(rules, rows, 'the table')];
}

function inOrder(rules: Rules, listed: readonly string[], where: string): string[] {
  return listed.flatMap((a, i) => listed.slice(i + 1).flatMap((b) => (mayImport(rules, a, b) ? [`${where} lists ${a} below ${b}, which it imports`] : [])));
}

/** Everything in which the page and the config's header disagree with the rules. */
function disagreements(rules: Rules, doc: string, config: string): string[] {
  return [
    ...checkChain(rules, doc, '', 'the order line'),
    ...checkDiagram(rules, doc),
    ...checkTable(rules, doc),
    ...checkChain(rules, config, '//', "the config's header"),
  ];
}

const rules = rulesOf(createRequire(import.meta.url)(CONFIG) as { forbidden: Rule[] });
const doc = readFileSync(DOC, 'utf8');
const config = readFileSync(CONFIG, 'utf8');

describe('the layer order', () => {
  it('the rules are layers: the imports they allow never go both ways and pass through (a may import b, b c: a may import c)', () => {
    expect(rules.size).toBeGreaterThanOrEqual(9);
    const twoWay = pairs(rules).filter(([a, b]) => mayImport(rules, a, b) && mayImport(rules, b, a));
    const notPassed = pairs(rules).flatMap(([a, b]) =>
      [...rules.keys()]
        .filter((c) => c !== a && mayImport(rules, a, b) && mayImport(rules, b, c) && !mayImport(rules, a, c))
        .map((c) => `${a} -> ${b} -> ${c}`),
    );
    expect({ twoWay, notPassed }).toEqual({ twoWay: [], notPassed: [] });
    // LAYERS is written lowest first, as the header says.
    expect(inOrder(rules, [...rules.keys()], 'LAYERS')).toEqual([]);
  });

  it('every folder of src/ is a layer the rules know', () => {
    const folders = readdirSync(`${ROOT}src`, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.sort()).toEqual([...rules.keys()].sort());
  });

  it("docs/architecture.md (order line, diagram, table) and the config's header say what the rules enforce", () => {
    expect(disagreements(rules, doc, config)).toEqual([]);
  });

  it('a page that says otherwise fails', () => {
    // agent and compression drawn as peers on lisp, without records
    const peers = doc
      .replace(/^ {2}records\[.*\n/m, '')
      .replace('  records --> lisp\n  compression --> records\n  agent --> compression\n', '  agent --> lisp\n  compression --> lisp\n');
    expect(checkDiagram(rules, peers)).toEqual([
      'the diagram leaves out the layer records',
      'the diagram keeps agent from importing compression, the rules allow it',
      'the diagram keeps session from importing compression, the rules allow it',
      'the diagram keeps experiment from importing compression, the rules allow it',
      'the diagram keeps worker from importing compression, the rules allow it',
      'the diagram keeps cli from importing compression, the rules allow it',
      'the diagram keeps ui from importing compression, the rules allow it',
    ]);
    // an arrow between peers, which also lets ui reach cli through worker
    expect(checkDiagram(rules, doc.replace('  ui --> worker\n', '  ui --> worker\n  worker --> cli\n'))).toEqual([
      'the diagram lets worker import cli, the rules forbid it',
      'the diagram lets ui import cli, the rules forbid it',
    ]);
    // the table with agent listed below compression
    const agentRow = /^\| `src\/agent` \|.*\n/m.exec(doc)?.[0] ?? '';
    const swapped = doc.replace(agentRow, '').replace('| `src/compression` |', `${agentRow}| \`src/compression\` |`);
    expect(checkTable(rules, swapped)).toEqual(['the table lists agent below compression, which it imports']);
    // the order line with agent and compression as peers, experiment left out, and cli under ui
    const line = '`lisp` < `records` < `compression`, `agent` < `session` < `worker`, `cli` < `ui`';
    expect(checkChain(rules, doc.replace(/^`lisp` <.*$/m, line), '', 'the order line')).toEqual([
      'the order line leaves out the layer experiment',
      'the order line keeps agent from importing compression, the rules allow it',
      'the order line lets ui import cli, the rules forbid it',
    ]);
    // two order lines
    expect(checkChain(rules, `${doc}\n\`ui\` < \`lisp\`\n`, '', 'the order line')).toEqual(['the order line has 2 order lines, not one']);
  });
});
