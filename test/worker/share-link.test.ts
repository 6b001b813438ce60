// A share link with branches: the tree goes with it unless asked not to; a tree too large for a link
// says how much of it the other branches take.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeLink, MAX_LINK_LENGTH } from '../../src/session/link-codec.ts';
import { Engine } from '../../src/worker/engine.ts';
import { PageApi } from '../../src/worker/page-api.ts';

const EXAMPLE = readFileSync(join(__dirname, '..', '..', 'examples', 'reviews-and-inventory.json'), 'utf8');

/** Text that deflate cannot shrink much, so a few KB of it fill a link. */
function noise(chars: number, seed = 7): string {
  let x = seed;
  let out = '';
  while (out.length < chars) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out += (x >>> 8).toString(36);
  }
  return out.slice(0, chars);
}

function host(): PageApi {
  const h = new PageApi(new Engine());
  if (!h.engine.open(EXAMPLE).ok) throw new Error('did not open');
  for (let i = 0; i < 3; i++) h.engine.stepTurn();
  return h;
}

describe('share links of a session with branches', () => {
  it('carry the other branches, or the open one alone when asked', () => {
    const h = host();
    expect(h.fork({ at: 3, name: 'trim', compression: 'trim' }).ok).toBe(true);
    h.engine.stepTurn();
    const whole = h.shareLink({ turns: true });
    expect(whole).toMatchObject({ fits: true, otherBranches: 1, withBranches: true });
    const decoded = decodeLink(whole.fragment);
    expect(decoded.ok && decoded.session.branches?.map((b) => b.id)).toEqual(['main']);
    const alone = h.shareLink({ turns: true, branches: false });
    expect(alone).toMatchObject({ fits: true, otherBranches: 1, withBranches: false });
    expect(alone.length).toBeLessThan(whole.length);
    const plain = decodeLink(alone.fragment);
    expect(plain.ok && [plain.session.branches, plain.session.branch, plain.session.compression]).toEqual([undefined, undefined, 'trim']);
  });

  it('say how much of a link too large the other branches take', () => {
    const h = host();
    expect(h.fork({ at: 2, name: 'long prompt', systemPrompt: { suffix: noise(60_000) } }).ok).toBe(true);
    expect(h.checkoutBranch('main').ok).toBe(true);
    const r = h.shareLink({ turns: true });
    expect(r.fits).toBe(false);
    expect(r.length).toBeGreaterThan(MAX_LINK_LENGTH);
    expect(r.reason).toMatch(/; its 1 other branch takes \d+% of it \(the open branch alone: [\d,]+ characters\)$/);
    expect(h.shareLink({ turns: true, branches: false })).toMatchObject({ fits: true, withBranches: false });
  });
});
