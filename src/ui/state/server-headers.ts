// Header values for MCP servers (an Authorization token and the like), kept in this page's memory
// only: never in the zustand store, the session, its autosave, an export or a link (T1). Each is kept
// for a server's name and URL together, so a session that names the same server elsewhere never gets
// them. A reload forgets them; the person gives them again with the server.
export type HeaderValues = Readonly<Record<string, string>>;

export class ServerHeaders {
  private readonly byServer = new Map<string, HeaderValues>();

  /** The URL as the engine records it (`new URL(…).href`), so the form's text and the record's agree. */
  private static key(name: string, url: string): string {
    let href = url.trim();
    try {
      href = new URL(href).href;
    } catch {
      // Not a URL: the engine refuses it, and nothing is sent anywhere.
    }
    return `${name}\n${href}`;
  }

  get(name: string, url: string): HeaderValues | undefined {
    return this.byServer.get(ServerHeaders.key(name, url));
  }

  /** Keeps the headers for this server (none: forgets them). */
  set(name: string, url: string, headers: HeaderValues): void {
    if (Object.keys(headers).length === 0) this.byServer.delete(ServerHeaders.key(name, url));
    else this.byServer.set(ServerHeaders.key(name, url), { ...headers });
  }

  forget(name: string): void {
    for (const key of [...this.byServer.keys()]) if (key.startsWith(`${name}\n`)) this.byServer.delete(key);
  }
}
