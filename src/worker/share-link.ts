// The share link of the open session: with or without its recorded turns and its other branches, and
// whether it fits. A tree of branches can outgrow a link: the reason then says how much of the link
// the other branches take, so the person can share the open branch alone.
import { buildLink, MAX_LINK_LENGTH } from '../session/link-codec.ts';
import type { Session } from '../session/session-file.ts';
import type { ShareLinkResult } from './views.ts';

export interface ShareOptions {
  readonly turns: boolean;
  /** Include the session's other branches (default true). */
  readonly branches?: boolean;
}

const count = (n: number): string => n.toLocaleString('en-US');

function withoutBranches(session: Session): Session {
  const { branch: _b, branches: _bs, ...rest } = session;
  return rest;
}

export function shareLinkOf(session: Session, { turns, branches = true }: ShareOptions): ShareLinkResult {
  const others = session.branches?.length ?? 0;
  const withTree = branches && others > 0;
  const built = buildLink(withTree ? session : withoutBranches(session), { turns });
  const length = built.fragment.length;
  let reason =
    built.unopenable ??
    (length > MAX_LINK_LENGTH
      ? `the link would be ${count(length)} characters long, more than the ${count(MAX_LINK_LENGTH)} a link can safely carry`
      : undefined);
  if (reason !== undefined && withTree) {
    const alone = buildLink(withoutBranches(session), { turns }).fragment.length;
    const share = Math.round((100 * (length - alone)) / length);
    reason += `; its ${others} other ${others === 1 ? 'branch takes' : 'branches take'} ${share}% of it (the open branch alone: ${count(alone)} characters)`;
  }
  return {
    fragment: built.fragment,
    length,
    limit: MAX_LINK_LENGTH,
    fits: reason === undefined,
    withTurns: turns,
    otherBranches: others,
    withBranches: withTree,
    ...(reason !== undefined ? { reason } : {}),
  };
}
