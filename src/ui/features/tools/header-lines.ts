// Header values for an MCP server as a person types them: one `Header: value` per line, as
// `ptc … --mcp-header` takes them. Blank lines are skipped; a line without a valid name is refused
// with its number, never sent.

/** The characters of an HTTP header's name (RFC 9110's token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export type HeaderLines = { ok: true; headers: Record<string, string> } | { ok: false; error: string };

export function parseHeaderLines(text: string): HeaderLines {
  const headers: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    // The value is never repeated in the error: it may be a token.
    if (!HEADER_NAME.test(name)) return { ok: false, error: `line ${i + 1}: expected "Header: value", with a header name before the colon` };
    headers[name] = line.slice(colon + 1).trim();
  }
  return { ok: true, headers };
}
