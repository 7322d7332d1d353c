import { ConfigError } from "#app/lib/env.server.ts";
import { DatabaseStartError } from "#db/embedded-checks.server.ts";

/**
 * Runs an operator command's `main` and exits with its code. A wrong setting or a database that will not
 * start is told in its own one line; anything else is a bug and keeps its stack.
 */
export async function runOperatorCommand(main: (argv: string[]) => Promise<number>) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof DatabaseStartError ? error.message : error);
    process.exitCode = 1;
  }
}
