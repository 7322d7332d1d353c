// `npm start` builds the site when there is no build yet, or when the sources are newer than it.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const stamp = "build/server/index.js";
const sources = ["app", "public", "server", "react-router.config.ts", "vite.config.ts", "package-lock.json"];

function newest(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (built < Math.max(...sources.map(newest))) {
  console.log(built ? "Sources changed since the last build; rebuilding…" : "No build yet; building…");
  execSync("npm run build", { stdio: "inherit" });
}
