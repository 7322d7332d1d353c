import net from "node:net";

export type RawResponse = { status: number; head: string; body: string };

/**
 * Sends bytes exactly as given (any method, request target or Host, which fetch refuses to send) on a
 * fresh connection and reads the answer until the server closes it. Status 0: closed without an answer.
 */
export function rawRequest(url: string, request: string | Uint8Array, timeoutMs = 10_000) {
  const { hostname, port } = new URL(url);
  return new Promise<RawResponse>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`No answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      const head = end === -1 ? text : text.slice(0, end);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, head, body: end === -1 ? "" : text.slice(end + 4) });
    });
    socket.write(request);
  });
}

/** A request with `Connection: close`, so the answer ends with the connection. */
export function rawHttp(method: string, target: string, headers: Record<string, string> = {}, body = "") {
  const lines = [`${method} ${target} HTTP/1.1`];
  const all: Record<string, string> = { host: "localhost", connection: "close", ...headers };
  if (body) all["content-length"] = String(Buffer.byteLength(body));
  for (const [name, value] of Object.entries(all)) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}
