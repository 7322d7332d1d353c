import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/** What only the staff desk (quotations, requests and the buyers' mail included) and the forms need. */
const formsAndDesk =
  /[\\/](node_modules[\\/](zod|@conform-to|better-auth|@better-auth)[\\/]|db[\\/]|app[\\/](desk[\\/]|quotation[\\/]|mail-in[\\/]|mail-out[\\/]|request[\\/]|quote[\\/](?!prefill\.ts)|lib[\\/](parse-form|london-time|text)\.ts|content[\\/](quotation|online-quotation|quote-request)\.ts|components[\\/](field|alert|confirm-panel|cc-field)\.tsx|components[\\/]use-desk-form\.ts|components[\\/](badge|card|input)\.ts))/;

export default defineConfig(({ command }) => ({
  environments: {
    // Every module a page needs before interaction, except the route modules themselves (and the sections
    // only one page uses, app/sections/, which go with its route), goes into one chunk with the entry: a page
    // makes four script requests (entry, root, the site's layout, route) instead of ~20 small ones.
    // Code behind dynamic imports (menu dialog, quote form) is not `$initial` and keeps its own chunks, and
    // so does what only the staff desk (quotations included) and the forms need (validation, form state),
    // which no public page loads before interaction.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "app",
                  tags: ["$initial"],
                  test: (id) =>
                    !/[\\/]app[\\/](root\.tsx|routes[\\/]|sections[\\/])/.test(id) && !formsAndDesk.test(id),
                },
              ],
            },
          },
        },
      },
    },
    // The server bundle carries the Express app too (server/app.ts re-exports the React Router build),
    // so the app and its server share one module graph.
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      // Bundled into the server build: Node resolves each of these packages' hundreds of files one by one (and
      // parses drizzle-orm's 179 KB package.json again for each), which was half of every server start.
      resolve: {
        noExternal: command === "build" ? ["drizzle-orm", "lucide-react", "better-auth", /^@better-auth\//] : [],
      },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
}));
