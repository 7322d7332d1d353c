import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { ownerOnceSettled } from "#db/embedded.server.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function commandLine(pid: number | undefined) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}

it("waits for a postmaster that has removed postmaster.pid to exit, before a new one may start", async () => {
  const clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-settled-"));
  folders.push(clusterDir);
  // Stands in for the previous server's postmaster: a process named postgres, that lives 1.5 s more.
  const postmaster = spawn("bash", ["-c", "exec -a postgres sleep 1.5"], { stdio: "ignore" });
  const exited = new Promise((resolve) => postmaster.once("exit", resolve));
  const pidFile = path.join(clusterDir, "postmaster.pid");
  fs.writeFileSync(pidFile, `${postmaster.pid}\n${clusterDir}\n`);
  // Its socket is already closed; it removes postmaster.pid at once, as its last step before exiting.
  const settled = ownerOnceSettled(
    { host: clusterDir, port: 5432, user: "postgres", database: "postgres" },
    { clusterDir },
  );
  setTimeout(() => fs.rmSync(pidFile), 200);
  expect(await settled).toBeUndefined();
  // By then it has exited: gone, or a zombie not yet reaped, which holds no shared memory.
  expect(commandLine(postmaster.pid)).not.toContain("postgres");
  await exited;
});
