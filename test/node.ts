import net from "node:net";
import path from "node:path";

/** The project's Node 24 (runs .ts files natively), whatever node started the tests. */
export const nodeBin = path.resolve("node_modules/.bin/node");

export async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
