import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeHeic, HeicTooLargeError } from "#app/quote/heic.server.ts";

describe("decodeHeic", () => {
  it("decodes the primary image of an iPhone photo to RGBA pixels", async () => {
    const image = await decodeHeic("test/fixtures/photo.heic", 50_000_000);
    expect({ width: image.width, height: image.height, bytes: image.data.length }).toEqual({
      width: 320,
      height: 240,
      bytes: 320 * 240 * 4,
    });
    // The fixture is a gradient from black (left) to red (right): the decoded pixels are that picture.
    const red = (x: number) => image.data[(120 * 320 + x) * 4] ?? 0;
    expect(red(310) - red(10)).toBeGreaterThan(200);
  });

  it("refuses a photo with more pixels than allowed before decoding it", async () => {
    await expect(decodeHeic("test/fixtures/photo.heic", 320 * 240 - 1)).rejects.toBeInstanceOf(HeicTooLargeError);
  });

  it("ends a decode that hangs at the timeout, worker and all", async () => {
    const started = Date.now();
    const hanging = decodeHeic("test/fixtures/photo.heic", 50_000_000, {
      timeoutMs: 500,
      decoder: path.resolve("test/fixtures/hanging-decoder.cjs"),
    });
    await expect(hanging).rejects.toThrow(/longer than 500 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
    // The next photo decodes as usual.
    expect((await decodeHeic("test/fixtures/photo.heic", 50_000_000)).width).toBe(320);
  });

  it("refuses a file that is not HEIC", async () => {
    await expect(decodeHeic("package.json", 50_000_000)).rejects.toThrow(/not a HEIC/);
  });
});
