import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { foldBundlerRuntime } from "#scripts/fold-bundler-runtime.ts";

const formsAndDesk =
  /[\\/](node_modules[\\/](zod|@conform-to|better-auth|@better-auth)[\\/]|app[\\/](desk[\\/]|quote[\\/](schema|parts|parse)\.ts|components[\\/]field\.tsx))/;

export default defineConfig({
  environments: {
    // Every module a page needs before interaction, except the route modules themselves, goes into one chunk
    // with the entry: a page makes three script requests (entry, root, route) instead of ~20 small ones.
    // Code behind dynamic imports (menu dialog, quote form) is not `$initial` and keeps its own chunks, and
    // so does what only the staff desk and the forms need (validation, form state), which no public page
    // loads before interaction.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React on its own, so that the browser evaluates it in a task of its own before the rest
                // (scripts/precompress.js): two shorter tasks block the main thread less than one long one.
                {
                  name: "react",
                  tags: ["$initial"],
                  // The bundler's runtime helpers cannot be grouped (no group test ever sees them); they are folded
                  // into this chunk after the build (scripts/fold-bundler-runtime.ts).
                  test: /[\\/](node_modules[\\/](react|react-dom|scheduler)[\\/]|app[\\/]lib[\\/]react-init\.ts$)/,
                  priority: 2,
                },
                {
                  name: "app",
                  tags: ["$initial"],
                  test: (id) => !/[\\/]app[\\/](root\.tsx|routes[\\/])/.test(id) && !formsAndDesk.test(id),
                },
              ],
            },
          },
        },
      },
    },
    // The server bundle carries the Express app too (server/app.ts re-exports the React Router build),
    // so the app and its server share one module graph.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter(), foldBundlerRuntime("react")],
});
