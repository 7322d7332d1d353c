import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { onTestFinished } from "vitest";

/** An empty folder under the system's temporary folder, removed when the current test finishes. */
export function tempFolder(prefix: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onTestFinished(() => fs.rmSync(folder, { recursive: true, force: true }));
  return folder;
}
