// npm run lint (third step): the import rules of the shipped code (server/, src/, sw/, shared/,
// contract/, build/) and of the tools beside it (tests/, bench/, scripts/).
// A violation that must stay for a while is listed in .dependency-cruiser-known-violations.json
// (empty while none does): `--ignore-known` lets listed ones pass and fails on any new one. After
// removing one, rewrite the list with `npm run lint:baseline` (and check in the shorter file).
const { readFileSync } = require('node:fs');

const KNOWN_VIOLATIONS = '.dependency-cruiser-known-violations.json';

/**
 * dependency-cruiser's --ignore-known does not apply to folder-scoped rules (only module and
 * dependency ones), so the known folder cycles become exceptions of the rule itself: one rule per
 * folder with known cycles (any other folder it imports that closes a cycle fails), and one for
 * every other server folder. Writing the baseline (LINT_BASELINE=1) lists them all again.
 */
function folderCycleRules(rule) {
  if (process.env.LINT_BASELINE) return [rule];
  const known = new Map();
  for (const violation of JSON.parse(readFileSync(KNOWN_VIOLATIONS, 'utf8'))) {
    if (violation.rule.name !== rule.name) continue;
    known.set(violation.from, (known.get(violation.from) ?? new Set()).add(violation.to));
  }
  const anyOf = (folders) => [...folders].map((folder) => folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return [
    ...[...known].map(([from, targets]) => ({
      ...rule,
      from: { path: `^${anyOf([from])}$` },
      to: { ...rule.to, path: `^(?!(?:${anyOf(targets)})$)server/` },
    })),
    { ...rule, from: { path: `^(?!(?:${anyOf(known.keys())})$)server/` } },
  ];
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import cycle between modules. Every import counts: type-only ones, re-exports and dynamic import(). ' +
        'Move what both sides need into a third module.',
      from: {},
      to: { circular: true },
    },
    ...folderCycleRules({
      name: 'no-folder-cycle',
      severity: 'error',
      comment:
        'No cycle between server folders (server/db importing server/jobs while server/jobs imports server/db): ' +
        'a folder is a layer or an area, and its imports run one way. The client\'s folders are held by the ' +
        'client-floors rules below instead.',
      scope: 'folder',
      from: { path: '^server/' },
      to: { path: '^server/', circular: true },
    }),
    {
      name: 'routes-publish-no-side-effects',
      severity: 'error',
      comment:
        'A route parses, calls a use case and formats. Live events, notifications, metrics and read-cache ' +
        'invalidation react to the domain events use cases publish (server/subscribers/, wired in ' +
        'server/composition.ts): a route never calls them.',
      from: { path: '^server/routes/' },
      to: { path: '^server/(realtime|notifications|subscribers|metrics)/|^server/composition[.]ts$' },
    },
    {
      name: 'routes-write-through-use-cases',
      severity: 'error',
      comment:
        'Routes take only types from server/db/ (row shapes): they read through app.reads (the read-only ' +
        'repositories of server/db/repositories/reads.ts) and write through a use case (server/useCases/). ' +
        'oxlint refuses app.repos in routes (.oxlintrc.json).',
      from: { path: '^server/routes/' },
      to: { path: '^server/db/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'subscribers-wired-in-the-composition-root',
      severity: 'error',
      comment: 'Who reacts to a domain event is decided in one place: server/composition.ts.',
      from: { pathNot: '^server/(composition[.]ts|subscribers/)' },
      to: { path: '^server/subscribers/' },
    },
    {
      name: 'domain-knows-no-infrastructure',
      severity: 'error',
      comment: 'server/domain/ (events, bus, errors) depends on contract/ only, so every layer may use it.',
      from: { path: '^server/domain/' },
      to: { path: '^server/', pathNot: '^server/domain/' },
    },
    {
      name: 'use-cases-speak-no-http',
      severity: 'error',
      comment:
        'Use cases refuse with domain errors (server/domain/errors.ts); the HTTP error handler is the one ' +
        'place that maps them to statuses. They never import routes or the HTTP layer.',
      from: { path: '^server/(useCases|videos|domain|media|db)/' },
      to: { path: '^server/(http|routes)/' },
    },
    {
      name: 'runner-reaches-only-the-api',
      severity: 'error',
      comment:
        'The remote runner (server/runner/, npm run runner) has no database, Redis or media storage of its own: ' +
        'it runs the encode half (media/transcodeRun.ts) and talks to the API over HTTP. Types are fine.',
      from: { path: '^server/runner/' },
      to: {
        path: '^server/(db|redis|cache|realtime|jobs|useCases|routes|subscribers|notifications|push|uploads|deployment|http)/|^server/media/(storage|s3Storage|mediaStorage|publish)[.]ts$|^server/(composition|app|index|worker|seed|config)[.]ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'infrastructure-points-down',
      severity: 'error',
      comment: 'Storage, database, queue, realtime and cache code never reaches up into routes, use cases or the composition root.',
      from: { path: '^server/(db|media|jobs|push|realtime|cache|redis|auth|health|metrics|formatters)/' },
      to: { path: '^server/(routes|useCases|uploads)/|^server/(composition|app|index|worker|seed)[.]ts$' },
    },
    {
      name: 'components-not-features',
      severity: 'error',
      comment:
        'src/components/ is shared UI: it takes what it needs from props, src/api, src/app or src/lib, never from ' +
        'a feature (features use components, not the other way).',
      from: { path: '^src/components/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'feature-tabs-through-one-module',
      severity: 'error',
      comment:
        'The profile, library and playlists screens show each other\'s tabs: they take them from ' +
        'src/features/library/tabs.ts only, never from each other\'s files.',
      from: { path: '^src/features/(profile|library|playlists)/', pathNot: '^src/features/library/tabs[.]ts$' },
      to: { path: '^src/features/(profile|library|playlists)/', pathNot: ['^src/features/$1/', '^src/features/library/tabs[.]ts$'] },
    },
    {
      name: 'client-floors-lib',
      severity: 'error',
      comment:
        'The client\'s floors run one way: app (store, routes, boot) > features > components > api > lib. ' +
        'src/lib/ is the ground floor: it imports no other client folder. Only types may come from src/app/store ' +
        '(the typed hooks in lib/hooks.ts: the store\'s shape is the sum of the features\' slices, and a type ' +
        'is no arrow at run time).',
      from: { path: '^src/lib/' },
      to: { path: '^src/', pathNot: '^src/lib/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'client-floors-lib-types',
      severity: 'error',
      comment: 'src/lib/ takes types from src/app/store only, nothing else above it.',
      from: { path: '^src/lib/' },
      to: { path: '^src/', pathNot: '^src/(lib/|app/store[.]ts$)' },
    },
    {
      name: 'client-floors-api',
      severity: 'error',
      comment:
        'src/api/ is the data layer: it fires no UI (a toast or a system notification is the screen\'s callback, ' +
        'given by src/app/) and imports no component, feature or app module; types from src/app/store only.',
      from: { path: '^src/api/' },
      to: { path: '^src/(components|features|app)/', pathNot: '^src/app/store[.]ts$' },
    },
    {
      name: 'client-floors-api-store-types-only',
      severity: 'error',
      comment: 'src/api/ may name the store\'s types, never import the store itself.',
      from: { path: '^src/api/' },
      to: { path: '^src/app/store[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'client-floors-features-below-app',
      severity: 'error',
      comment:
        'src/app/ is the top floor (store, routes, App, the wiring of screen callbacks): features and ' +
        'components never import it; types from src/app/store only (a session helper holding the store).',
      from: { path: '^src/(features|components)/' },
      to: { path: '^src/app/', pathNot: '^src/app/store[.]ts$' },
    },
    {
      name: 'client-floors-store-types-only',
      severity: 'error',
      comment: 'Below src/app/, the store is named by type only; main.tsx and entry-server.tsx make it.',
      from: { path: '^src/(features|components|lib)/' },
      to: { path: '^src/app/store[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-code-outside-src',
      severity: 'error',
      comment:
        'What page, service worker and server share (queue rules, storage and message names, the SSR state ' +
        'shape) lives in shared/ or contract/. sw/ and server/ import nothing from src/, but the server render ' +
        'names the SSR bundle\'s types (it loads the built bundle at run time); shared/ imports none of them.',
      from: { path: '^(sw|server|shared)/' },
      to: { path: '^src/', pathNot: '^src/entry-server[.]tsx$' },
    },
    {
      name: 'shared-code-outside-src-ssr-types',
      severity: 'error',
      comment: 'The server render names the SSR entry\'s types only; it imports the built bundle at run time.',
      from: { path: '^(sw|server|shared)/' },
      to: { path: '^src/entry-server[.]tsx$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-imports-down-only',
      severity: 'error',
      comment: 'shared/ sits under the page, the service worker and the server: it imports contract/ and packages only.',
      from: { path: '^shared/' },
      to: { path: '^(src|sw|server)/' },
    },
    {
      name: 'tools-point-down',
      severity: 'error',
      comment:
        'The tools beside the shipped code stack one way: tests/ on bench/ (the same measures, the same seed) ' +
        'and scripts/, bench/ on scripts/, scripts/ (Chromium, Lighthouse, child processes, drills) on the ' +
        'shipped code only. Nothing but a test imports a test helper.',
      from: { pathNot: '^tests/' },
      to: { path: '^tests/' },
    },
    {
      name: 'tools-point-down-bench',
      severity: 'error',
      comment: 'Only the benchmarks and the tests import bench/: scripts/ and the shipped code do not.',
      from: { pathNot: '^(bench|tests)/' },
      to: { path: '^bench/' },
    },
    {
      name: 'shipped-code-imports-no-scripts',
      severity: 'error',
      comment: 'The shipped code (server/, src/, sw/, shared/, contract/, build/) imports no tool script.',
      from: { path: '^(server|src|sw|shared|contract|build)/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file: a typo, or a package missing from package.json.',
      from: {},
      // virtual: modules are made by Vite plugins at build time (virtual:pwa-register).
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    // TypeScript 7 (the project's compiler) has no JavaScript API for dependency-cruiser to parse
    // with; swc parses the same syntax and keeps type-only imports.
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // Build outputs are not sources.
    exclude: { path: '(^|/)(dist|dist-ssr)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
