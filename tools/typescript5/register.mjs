// `node --import ./tools/typescript5/register.mjs <tool>`: the tool's `typescript` (import and
// require) is this workspace's TypeScript 5 instead of the project's TypeScript 7, which has no
// JavaScript API. npm run lint runs dependency-cruiser this way.
import Module, { register } from 'node:module';

const here = new URL('./package.json', import.meta.url);
const isTypescript = (specifier) => specifier === 'typescript' || specifier.startsWith('typescript/');

register('./hooks.mjs', import.meta.url, { data: { parentURL: here.href } });

// dependency-cruiser reads typescript/package.json with require() to check the version.
const resolveFilename = Module._resolveFilename;
const parent = new Module(here.pathname);
parent.paths = Module._nodeModulePaths(new URL('.', here).pathname);
Module._resolveFilename = function (request, from, ...rest) {
  return resolveFilename.call(this, request, isTypescript(request) ? parent : from, ...rest);
};
