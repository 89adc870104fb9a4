/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload, loaded with node --require */
// Preload (tsx --require ./bench/lib/server-only.cjs): lets the bench run the project's server-only
// modules in plain Node, as Vitest does with an alias. `server-only` resolves to an empty module,
// for require() and for import(). Unlike `--conditions=react-server`, react-dom/server keeps
// working, so order-placed mails render as they do in the app.
const Module = require("node:module");
const path = require("node:path");

const stub = path.join(__dirname, "server-only-stub.cjs");
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === "server-only") return stub;
  return resolveFilename.call(this, request, ...rest);
};
Module.register(
  "data:text/javascript," +
    encodeURIComponent(
      `export async function resolve(specifier, context, next) {
        if (specifier === "server-only") return { url: ${JSON.stringify(require("node:url").pathToFileURL(stub).href)}, shortCircuit: true };
        return next(specifier, context);
      }`,
    ),
);
