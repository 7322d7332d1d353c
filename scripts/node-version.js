// Imported first by the start script and the server: the password module needs `crypto.argon2`, which
// Node.js has from 24.7. An older Node (a production install has no bundled one) stops here with one line.
export const minimumNode = [24, 7];

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < minimumNode[0] || (major === minimumNode[0] && minor < minimumNode[1])) {
  console.error(
    `Node.js ${minimumNode.join(".")} or later is needed (this is v${process.versions.node}); run \`npm ci\` to get the project's own Node, or install Node 24 LTS.`,
  );
  process.exit(1);
}
