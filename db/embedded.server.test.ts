import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { ownerOnceSettled } from "#db/embedded.server.ts";
import { isPostgres } from "#db/embedded-checks.server.ts";
import { alive, standIn } from "#test/crash.ts";
import { tempFolder } from "#test/temp-folder.ts";

it("waits for a postmaster that has removed postmaster.pid to exit, before a new one may start", async () => {
  const clusterDir = tempFolder("mro-settled-");
  // Stands in for the previous server's postmaster: a process named postgres, that lives 1.5 s more.
  const { pid, exited } = await standIn("postgres", 1.5);
  expect(isPostgres(pid)).toBe(true);
  const pidFile = path.join(clusterDir, "postmaster.pid");
  fs.writeFileSync(pidFile, `${pid}\n${clusterDir}\n`);
  // Its socket is already closed; it removes postmaster.pid at once, as its last step before exiting.
  const settled = ownerOnceSettled(
    { host: clusterDir, port: 5432, user: "postgres", database: "postgres" },
    { clusterDir },
  );
  setTimeout(() => fs.rmSync(pidFile), 200);
  expect(await settled).toBeUndefined();
  // By then it has exited: gone, or a zombie not yet reaped, which holds no shared memory.
  expect(alive(pid)).toBe(false);
  await exited;
});
