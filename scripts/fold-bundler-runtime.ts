import crypto from "node:crypto";
import fs from "node:fs";
import type { Plugin, Rolldown } from "vite";

type Chunk = Rolldown.OutputChunk;

const runtimeName = "rolldown-runtime";
/** `a as b` or `a` → [a, b]. */
const specifiers = (list: string) =>
  list
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [first = "", second = first] = item.split(/\s+as\s+/);
      return [first, second] as const;
    });
const baseName = (file: string) => file.split("/").pop() ?? file;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A chunk's static import of `file`, which sits next to it in the output. */
const importFrom = (file: string) =>
  new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']\\./${escapeRegExp(baseName(file))}["'];?`, "g");

/**
 * Rolldown keeps its runtime helpers (0.6 KB: the CommonJS wrappers) in a chunk of their own whenever two
 * code-splitting groups use them, and no option places them: every page then makes one more script request.
 * This folds that chunk into `host` (the React chunk), which imports nothing else and which every chunk using
 * the helpers already imports, and points their imports at it. The build fails if the output's shape changes.
 *
 * Chunks keep the names the bundler hashed before the fold. The fold is a fixed function of what was hashed,
 * so a name still means one content, as long as this file is unchanged: its own hash goes into every name.
 */
export function foldBundlerRuntime(host: string): Plugin {
  const ownHash = crypto
    .createHash("sha256")
    .update(fs.readFileSync(import.meta.filename))
    .digest("hex");
  return {
    name: "fold-bundler-runtime",
    applyToEnvironment: (environment) => environment.name === "client",
    augmentChunkHash: () => ownHash,
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === "chunk");
      const runtime = chunks.find((chunk) => chunk.name === runtimeName);
      if (!runtime) return;
      const target = chunks.find((chunk) => chunk.name === host);
      const exported = runtime.code.match(/export\s*\{([^}]*)\};?\s*$/);
      if (!target || !exported || target.imports.some((file) => file !== runtime.fileName)) {
        this.error(`Cannot fold ${runtime.fileName} into the "${host}" chunk: the build's output changed shape.`);
      }
      const helpers = specifiers(exported[1] ?? "").map(([local, name]) => ({ name, local, as: `$rt_${name}` }));
      const helper = (name: string) => {
        const found = helpers.find((h) => h.name === name);
        if (!found) this.error(`${runtime.fileName} has no export "${name}".`);
        return found.as;
      };
      const body = runtime.code.slice(0, exported.index);
      const prelude = `const{${helpers.map((h) => `${h.name}:${h.as}`).join(",")}}=(()=>{${body};return{${helpers.map((h) => `${h.name}:${h.local}`).join(",")}}})();`;
      target.code = `${prelude}${target.code.replace(importFrom(runtime.fileName), (_match, list: string) =>
        specifiers(list)
          .map(([name, local]) => `const ${local}=${helper(name)};`)
          .join(""),
      )}export{${helpers.map((h) => h.as).join(",")}};`;
      target.imports = [];

      for (const chunk of chunks) {
        if (chunk === target || chunk === runtime) continue;
        chunk.code = chunk.code
          .replace(
            importFrom(runtime.fileName),
            (_match, list: string) =>
              `import{${specifiers(list)
                .map(([name, local]) => `${helper(name)} as ${local}`)
                .join(",")}}from"./${baseName(target.fileName)}";`,
          )
          // Vite's preload lists name files by their path in the output.
          .replaceAll(runtime.fileName, target.fileName);
        chunk.imports = [...new Set(chunk.imports.map((file) => (file === runtime.fileName ? target.fileName : file)))];
        if (chunk.code.includes(baseName(runtime.fileName))) {
          this.error(`${chunk.fileName} still refers to ${runtime.fileName}.`);
        }
      }
      delete bundle[runtime.fileName];
    },
  };
}
