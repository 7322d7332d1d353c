// `npm start`: serves the production build. It never builds on a production host (which has no
// devDependencies): run `npm run build` first. Only a fresh checkout with no build at all, where the
// build tools are installed (`npm ci && npm start`), is built once so the first start just works.
import "#scripts/node-version.js";
import { execSync } from "node:child_process";
import fs from "node:fs";
import { siteEnv, siteEnvRecord } from "#scripts/site-env.js";

const operatorSaidProduction = process.env.NODE_ENV === "production";
process.env.NODE_ENV = "production";

if (!fs.existsSync("build/server/index.js")) {
  const canBuild = fs.existsSync("node_modules/@react-router/dev");
  if (operatorSaidProduction || !canBuild) {
    console.error("There is no production build: run `npm run build`, then `npm start`.");
    process.exit(1);
  }
  console.log("No build yet; building once (on a production host, run `npm run build` before `npm start`)…");
  execSync("npm run build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
} else if (fs.existsSync(siteEnvRecord) && fs.readFileSync(siteEnvRecord, "utf8") !== siteEnv()) {
  console.warn(
    "SITE_URL or the site identity differ from what the pages were built with; run `npm run build` to update them.",
  );
}

await import("#server/index.js");
