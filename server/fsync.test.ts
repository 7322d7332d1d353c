import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { startServer } from "#test/server.ts";
import { samplePdf, uploadForm } from "#test/uploads.ts";

const strace = (() => {
  try {
    return execFileSync("sh", ["-c", "command -v strace"], { encoding: "utf8" }).trim();
  } catch {
    return undefined;
  }
})();

// Traced at the system-call level: the attachment's bytes, its name and the request's commit (the embedded
// PostgreSQL's write-ahead log) are on disk before the buyer is told the request is kept, so a power cut
// right after the answer loses nothing.
it.runIf(strace || process.env.CI)(
  "flushes an attachment, its folder and the database's log before answering the post that brought it",
  async () => {
    if (!strace) throw new Error("strace is needed: apt-get install strace");
    const trace = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "strace-")), "trace.log");
    const calls = "trace=fsync,fdatasync,rename,renameat,renameat2,write,writev";
    const server = await startServer({ QUOTE_RATE_LIMIT: "1000" }, undefined, {
      wrapper: [strace, "-f", "-y", "-s", "24", "-e", calls, "-o", trace],
    });
    try {
      const response = await fetch(`${server.url}/quote/send`, {
        method: "POST",
        body: uploadForm([{ name: "drawing.pdf", bytes: samplePdf, type: "application/pdf" }]),
        headers: { origin: server.url },
      });
      expect(response.status).toBe(200);
    } finally {
      // The server is strace's child: stopping it ends the trace.
      const pid = execFileSync("pgrep", ["-P", String(server.child.pid)], { encoding: "utf8" }).split("\n")[0];
      process.kill(Number(pid), "SIGTERM");
      await new Promise((resolve) => server.child.once("exit", resolve));
    }
    const lines = fs.readFileSync(trace, "utf8").split("\n");
    const uploads = path.join(server.dataDir, "uploads");
    // strace prints a call that another thread interrupts in two parts ("<unfinished ...>", then
    // "<... fsync resumed>" on a later line of the same thread): a call counts where it finished.
    const finished = (test: (line: string) => boolean, what: string, after = -1) => {
      const start = lines.findIndex((line, i) => i > after && test(line));
      expect(start, what).toBeGreaterThanOrEqual(0);
      const line = lines[start] ?? "";
      if (!line.includes("<unfinished ...>")) return start;
      const [thread] = line.split(" ");
      const end = lines.findIndex((l, i) => i > start && l.startsWith(`${thread} `) && l.includes("resumed>"));
      expect(end, `${what} finished`).toBeGreaterThan(start);
      return end;
    };
    const fileSynced = finished(
      (l) => /\bfsync\(\d+<[^>]*\.incoming\/[0-9a-f]+\.part\.pdf>/.test(l),
      "fsync of the attachment",
    );
    const renamed = finished(
      (l) => /\brename(at2?)?\(.*\.incoming\/.*uploads\/[0-9a-f]{32}\.pdf"/.test(l),
      "rename into storage",
    );
    const dirSynced = finished(
      (l) => l.includes(`fsync(`) && l.includes(`<${uploads}>`),
      "fsync of the uploads folder",
    );
    // The request is committed after its files are stored: the first log flush after that is its commit.
    const walFlushed = finished(
      (l) => /\b(fdatasync|fsync)\(\d+<[^>]*\/postgres\/pg_wal\/[0-9A-F]{24}>/.test(l),
      "flush of the database's write-ahead log",
      dirSynced,
    );
    // The post's answer is the last one written: only the health check came before it.
    const answered = lines.findLastIndex((l) => /\bwritev?\(\d+<socket:\[\d+\]>, .*"HTTP\/1\.1 200/.test(l));
    expect(fileSynced).toBeLessThan(renamed);
    expect(renamed).toBeLessThan(dirSynced);
    expect(dirSynced).toBeLessThan(walFlushed);
    expect(walFlushed).toBeLessThan(answered);
  },
  180_000,
);
