import fs from "node:fs";

/** Where the build records the SITE_* values it baked into the prerendered pages. */
export const siteEnvRecord = "build/site-env.json";

export function siteEnv(env = process.env) {
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(env)
        .filter(([name, value]) => name.startsWith("SITE_") && value)
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  );
}

if (process.argv[2] === "record") fs.writeFileSync(siteEnvRecord, siteEnv());
