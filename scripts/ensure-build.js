// `npm start` builds the site when there is no build yet, when the sources are newer than it, or when the
// site's identity or SITE_URL (baked into the prerendered pages) differ from what it was built with.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const serverBundle = "build/server/index.js";
const envStamp = "build/site-env.json";
const sources = ["app", "public", "server", "react-router.config.ts", "vite.config.ts", "package-lock.json"];

function newest(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

export function siteEnv(env = process.env) {
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(env)
        .filter(([name, value]) => (name === "SITE_URL" || name.startsWith("SITE_")) && value)
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  );
}

const built = fs.existsSync(serverBundle) ? fs.statSync(serverBundle).mtimeMs : 0;
// A build made by `npm run build` alone has no record; it was made with whatever is set now or the defaults.
const builtWith = fs.existsSync(envStamp) ? fs.readFileSync(envStamp, "utf8") : siteEnv();
const reason = !built
  ? "No build yet"
  : built < Math.max(...sources.map(newest))
    ? "Sources changed since the last build"
    : builtWith !== siteEnv()
      ? "SITE_URL or the site identity changed since the last build"
      : undefined;
if (reason) {
  console.log(`${reason}; building…`);
  execSync("npm run build", { stdio: "inherit" });
}
fs.writeFileSync(envStamp, siteEnv());
