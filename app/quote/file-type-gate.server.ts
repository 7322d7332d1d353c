import { Transform } from "node:stream";
import { fileTypeFromBuffer } from "file-type";

/** What file-type reads of a file at most to tell the photo and PDF types apart (its own sample size). */
const headBytes = 4100;

/** A stream of a file's bytes that knows the file's type once its first bytes have passed. */
export type TypeGate = Transform & { readonly type: string | undefined };

/**
 * Holds a file's first bytes until they show its type: a type in `accepted` lets them and the rest pass,
 * any other ends the stream with `refuse()` before more of the file is read, written or decoded. An
 * empty file passes with no type.
 */
export function typeGate(accepted: ReadonlySet<string>, refuse: () => Error): TypeGate {
  const head: Buffer[] = [];
  let held = 0;
  let type: string | undefined;
  const decide = async () => {
    const sniffed = await fileTypeFromBuffer(Buffer.concat(head));
    if (!sniffed || !accepted.has(sniffed.mime)) throw refuse();
    type = sniffed.mime;
    return Buffer.concat(head.splice(0));
  };
  const gate = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (type) return callback(null, chunk);
      head.push(chunk);
      held += chunk.length;
      if (held < headBytes) return callback();
      decide().then((bytes) => callback(null, bytes), callback);
    },
    flush(callback) {
      if (type || held === 0) return callback();
      decide().then((bytes) => callback(null, bytes), callback);
    },
  });
  return Object.defineProperty(gate, "type", { get: () => type }) as TypeGate;
}
