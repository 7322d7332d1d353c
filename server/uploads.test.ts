import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describePostgres } from "#test/pg.ts";
import { startS3 } from "#test/s3.ts";
import { type RunningServer, startServer } from "#test/server.ts";
import { uploadForm as form, samplePdf as pdf, phonePhoto as photo } from "#test/uploads.ts";

const MB = 1024 * 1024;

/** The files a storage holds: the bucket's folder for S3, DATA_DIR/uploads otherwise. */
function storedFiles(dir: string) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /^[0-9a-f]{32}\.(jpg|png|webp|pdf)(\._S3rver_object)?$/.test(path.basename(name)));
}

type Target = { env: Record<string, string>; dir: (server: RunningServer) => string; stop?: () => Promise<void> };

function uploadSuite(label: string, setup: () => Promise<Target>) {
  describe(label, () => {
    let server: RunningServer;
    let target: Target;
    const storageDir = () => target.dir(server);
    let incomingDir: string;
    const post = (body: FormData) =>
      fetch(`${server.url}/quote/send`, { method: "POST", body, headers: { origin: server.url } });

    beforeAll(async () => {
      target = await setup();
      server = await startServer({ QUOTE_RATE_LIMIT: "10000", SITE_URL: "http://localhost:3000", ...target.env });
      incomingDir = path.join(server.dataDir, "uploads", ".incoming");
    }, 150_000);
    afterAll(async () => {
      await server?.stop();
      await target?.stop?.();
    });

    const nothingLeft = () => {
      expect(fs.existsSync(incomingDir) ? fs.readdirSync(incomingDir) : []).toEqual([]);
    };

    it("stores a request with its lines, two photos and a PDF; photos lose their EXIF", async () => {
      const before = storedFiles(storageDir()).length;
      const response = await post(
        form(
          [
            { name: "nameplate.jpg", bytes: await photo(900, 600), type: "image/jpeg" },
            { name: "worn.jpg", bytes: await photo(300, 200), type: "image/jpeg" },
            { name: "drawing.pdf", bytes: pdf, type: "application/pdf" },
          ],
          {
            "lines[0].part": "6205-2RS",
            "lines[0].quantity": "4",
            "lines[0].brand": "SKF",
            "lines[1].part": "SPA1250",
          },
        ),
      );
      const body = await response.json();
      expect(response.status).toBe(200);
      expect(body.reference).toMatch(/^Q-\d{6}-[0-9A-Z]{5}$/);
      const files = storedFiles(storageDir());
      expect(files.length - before, files.join(" ")).toBe(3);
      for (const name of files.filter((file) => file.endsWith(".jpg"))) {
        const metadata = await sharp(fs.readFileSync(path.join(storageDir(), name))).metadata();
        expect(metadata.exif).toBeUndefined();
      }
      nothingLeft();
    });

    it("stores an iPhone photo (HEIC) as a JPEG without its EXIF", async () => {
      const heic = fs.readFileSync("test/fixtures/photo.heic");
      expect(heic.includes("PhoneMaker")).toBe(true);
      const before = storedFiles(storageDir());
      const response = await post(form([{ name: "IMG_0042.HEIC", bytes: heic, type: "image/heic" }]));
      expect(response.status).toBe(200);
      const added = storedFiles(storageDir()).filter((name) => !before.includes(name));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(/\.jpg/);
      const stored = fs.readFileSync(path.join(storageDir(), added[0] ?? ""));
      const metadata = await sharp(stored).metadata();
      expect(metadata).toMatchObject({ format: "jpeg", width: 320, height: 240 });
      expect(metadata.exif).toBeUndefined();
      expect(stored.includes("PhoneMaker")).toBe(false);
      nothingLeft();
    });

    it.each([
      [
        "six files",
        async () => Array.from({ length: 6 }, (_, i) => ({ name: `d${i}.pdf`, bytes: pdf })),
        413,
        "Attach up to 5 files.",
      ],
      [
        "an 11 MB file",
        async () => [{ name: "big.pdf", bytes: Buffer.concat([pdf, Buffer.alloc(11 * MB)]) }],
        413,
        "Each file can be up to 10 MB.",
      ],
      [
        "three files of 25.1 MB in all",
        async () =>
          [9, 9, 7.1].map((size, i) => ({
            name: `p${i}.pdf`,
            bytes: Buffer.concat([pdf, Buffer.alloc(Math.round(size * MB))]),
          })),
        413,
        "up to 25 MB",
      ],
      [
        "a script named .jpg",
        async () => [{ name: "photo.jpg", bytes: Buffer.from("#!/bin/sh\nrm -rf /\n"), type: "image/jpeg" }],
        415,
        "is not a photo or a PDF",
      ],
      [
        "a broken image",
        async () => [{ name: "cut.jpg", bytes: (await photo(400, 300)).subarray(0, 200) }],
        422,
        "could not be opened as a photo",
      ],
      ["an empty file", async () => [{ name: "empty.pdf", bytes: new Uint8Array() }], 422, "is empty"],
      [
        "a valid photo then a disguised file",
        async () => [
          { name: "ok.jpg", bytes: await photo(200, 200) },
          { name: "x.pdf", bytes: Buffer.from("MZ\x90\x00 program") },
        ],
        415,
        "“x.pdf” is not a photo or a PDF",
      ],
    ])("refuses %s with a clear answer and leaves nothing behind", async (_, files, status, message) => {
      const before = storedFiles(storageDir()).length;
      const answer = await post(form(await files())).then(
        async (response) => ({ status: response.status, message: (await response.json()).message as string }),
        // Refused mid-body, the server answers and closes; a client still sending may see only the reset.
        (error: Error) => ({ status: 0, message: String(error.cause ?? error) }),
      );
      if (answer.status === 0) expect(status).toBe(413);
      else {
        expect(answer.status).toBe(status);
        expect(answer.message).toContain(message);
      }
      expect(storedFiles(storageDir()).length).toBe(before);
      nothingLeft();
    });

    it("shows a sent file name with path characters and control bytes cleaned", async () => {
      const response = await post(form([{ name: "..\\..\\etc/pass\u0007wd\u202e.pdf", bytes: pdf }]));
      expect(response.status).toBe(200);
      const { reference } = await response.json();
      const file = path.join(server.dataDir, "outbox", `${reference}.eml`);
      await expect.poll(() => fs.existsSync(file), { timeout: 15_000 }).toBe(true);
      const eml = fs.readFileSync(file, "utf8");
      expect(eml).toMatch(/pass wd \.pdf/);
      expect(eml).not.toContain("etc/");
    });

    it("stores a double submit once, with one set of files", async () => {
      const before = storedFiles(storageDir()).length;
      const files = [{ name: "plate.jpg", bytes: await photo(500, 400) }];
      const [a, b] = await Promise.all([
        post(form(files, {}, "same-token-123")),
        post(form(files, {}, "same-token-123")),
      ]);
      const [first, second] = [await a.json(), await b.json()];
      expect(first.reference).toBe(second.reference);
      expect(storedFiles(storageDir()).length - before).toBe(1);
      nothingLeft();
    });

    it("refuses a declared length over 25 MB before reading it, naming the limit", async () => {
      const answer = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
        const request = http.request(`${server.url}/quote/send`, {
          method: "POST",
          headers: {
            origin: server.url,
            "content-type": "multipart/form-data; boundary=x",
            "content-length": String(30 * MB),
          },
        });
        request.on("response", (response) => {
          let text = "";
          response.on("data", (chunk) => {
            text += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode, text }));
        });
        request.on("error", reject);
        request.write("--x\r\n");
      });
      expect(answer.status).toBe(413);
      expect(answer.text).toContain("25 MB");
    });

    it("keeps other large bodies to 64 KB", async () => {
      const response = await fetch(`${server.url}/contact`, {
        method: "POST",
        body: new URLSearchParams({ x: "y".repeat(70 * 1024) }),
        headers: { origin: server.url },
      });
      expect(response.status).toBe(413);
    });
  });
}

uploadSuite("uploads on the embedded database, stored in DATA_DIR/uploads", async () => ({
  env: {},
  dir: (server) => path.join(server.dataDir, "uploads"),
}));

describePostgres("uploads stored in an S3-compatible bucket", (postgres) => {
  uploadSuite("on PostgreSQL", async () => {
    const s3 = await startS3();
    const databaseUrl = await (await postgres()).createDatabase();
    return {
      env: {
        DATABASE_URL: databaseUrl,
        S3_URL: s3.config.url,
        S3_ACCESS_KEY_ID: s3.config.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      },
      dir: () => path.join(s3.directory, "uploads"),
      stop: s3.stop,
    };
  });
});
