import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { typeGate } from "#app/quote/file-type-gate.server.ts";
import { samplePdf } from "#test/uploads.ts";

const accepted = new Set(["image/jpeg", "application/pdf"]);
const refusal = () => new Error("not a photo or a PDF");

/** A file whose first bytes arrive and whose rest never does, as from a client that stalls. */
function stalledFile(head: Buffer) {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) this.push(head);
      sent = true;
    },
  });
}

function sink() {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  return { stream, bytes: () => Buffer.concat(chunks) };
}

describe("typeGate", () => {
  it("refuses a file at its first bytes, without waiting for the rest, and passes none of it on", async () => {
    const zip = Buffer.concat([Buffer.from("PK\x03\x04\x14\x00\x06\x00", "latin1"), Buffer.alloc(8192, 1)]);
    const out = sink();
    await expect(pipeline(stalledFile(zip), typeGate(accepted, refusal), out.stream)).rejects.toThrow(
      "not a photo or a PDF",
    );
    expect(out.bytes()).toHaveLength(0);
  });

  it("passes an accepted file on whole and names its type", async () => {
    const bytes = Buffer.concat([samplePdf, Buffer.alloc(10_000, 32)]);
    const gate = typeGate(accepted, refusal);
    const out = sink();
    await pipeline(Readable.from([bytes.subarray(0, 100), bytes.subarray(100)]), gate, out.stream);
    expect(out.bytes().equals(bytes)).toBe(true);
    expect(gate.type).toBe("application/pdf");
  });

  it("lets an empty file through with no type, and judges a short file on what there is", async () => {
    const empty = typeGate(accepted, refusal);
    await pipeline(Readable.from([]), empty, sink().stream);
    expect(empty.type).toBeUndefined();
    await expect(
      pipeline(Readable.from([Buffer.from("#!/bin/sh\n")]), typeGate(accepted, refusal), sink().stream),
    ).rejects.toThrow("not a photo or a PDF");
  });
});
