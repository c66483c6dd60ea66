// Import-cycle and layer guard (`npm run check:imports`, part of `npm test`).
// The layers the README describes: main/core is Electron-free and knows no shell or window;
// the window (renderer/) reaches the core only for its model, its matchers, the alert list's
// preparation (core/list: filter, group, sort, sections; pure, so the core can answer the
// window's list queries with the same code) and the few exact files listed below; preload knows only the bridge contract; core tests import no window code.
// Cycles are forbidden everywhere (tests included), through .svelte components too.
// dependency-cruiser reads .ts (with .ts extensions), .svelte (through the installed svelte
// compiler) and resolves `$core/*` through tsconfig.json paths.
// CommonJS because dependency-cruiser loads its config with require().

/** Files outside core/model and core/matchers that the window may import values from. */
const RENDERER_VALUE_EXCEPTIONS = [
  'main/core/bridge/contract.ts', // the typed bridge: method names, BridgeCallError
  'main/core/api/describe-error.ts', // the same error wording in every shell
  'main/core/settings/types.ts', // settings shapes and LABEL_COLOURS
  'main/core/settings/defaults.ts', // defaults the settings form starts from
  'main/core/settings/cli-instances.ts', // which instances came from the command line
  'main/core/secrets/secret-keys.ts', // the key a secret is stored under
];

/** Files the window may import types from (`import type`, erased from the bundle). */
const RENDERER_TYPE_EXCEPTIONS = [
  'main/core/api/types.ts',
  'main/core/service.ts',
  'main/core/history/record.ts',
  'main/core/history/recorder.ts',
  'main/core/history/timeline.ts',
];

const exact = (files) => `^(${files.map((f) => f.replaceAll('.', '[.]')).join('|')})$`;

/** A rule every violation of which is an error. */
const forbid = (name, comment, { from, to }) => ({ name, severity: 'error', comment, from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid('no-cycle', 'Import cycles make load order matter and hide which module owns a rule.', {
      from: {},
      to: { circular: true },
    }),
    forbid(
      'core-stays-core',
      'main/core runs in plain Node tests: no shell, tool or window code.',
      {
        from: { path: '^main/core/' },
        to: {
          path: ['^renderer/', '^preload/', '^main/electron/', '^main/server/', '^main/tools/'],
        },
      },
    ),
    forbid('core-no-electron', 'main/core must stay Electron-free.', {
      from: { path: '^main/core/' },
      to: { path: '^node_modules/electron/' },
    }),
    forbid(
      'renderer-reaches-core-model-and-matchers-only',
      'The window imports from main/ only core/model, core/matchers, core/list and the exact files in ' +
        'RENDERER_VALUE_EXCEPTIONS; type-only imports also from RENDERER_TYPE_EXCEPTIONS.',
      {
        from: { path: '^renderer/' },
        to: {
          path: '^(main|preload)/',
          pathNot: [
            '^main/core/model/',
            '^main/core/matchers/',
            '^main/core/list/',
            exact(RENDERER_VALUE_EXCEPTIONS),
            exact(RENDERER_TYPE_EXCEPTIONS),
          ],
        },
      },
    ),
    forbid(
      'window-code-without-zod',
      'Core files the window runs must not pull in zod (it probes eval, which the CSP refuses).',
      {
        from: {
          path: ['^main/core/model/', '^main/core/matchers/', exact(RENDERER_VALUE_EXCEPTIONS)],
        },
        to: { path: ['^node_modules/zod/', 'schema[.]ts$'], dependencyTypesNot: ['type-only'] },
      },
    ),
    forbid('renderer-type-only-exceptions', 'These core files reach the window as types only.', {
      from: { path: '^renderer/' },
      to: { path: exact(RENDERER_TYPE_EXCEPTIONS), dependencyTypesNot: ['type-only'] },
    }),
    forbid('preload-knows-only-the-contract', 'preload exposes the typed bridge, no other code.', {
      from: { path: '^preload/' },
      to: { path: '^(main|renderer)/', pathNot: '^main/core/bridge/contract[.]ts$' },
    }),
    forbid('core-tests-stay-core', 'Core tests run the core alone (window code: test/renderer).', {
      from: { path: '^test/core/' },
      to: { path: '^renderer/' },
    }),
    forbid('shells-apart', 'The shells share code only through main/core; no window code.', {
      from: { path: '^main/(electron|server)/' },
      to: { path: '^(renderer|preload|main/electron|main/server)/', pathNot: '^main/$1/' },
    }),
  ],
  options: {
    exclude: { path: '^(out|dist)/' },
    doNotFollow: { path: 'node_modules' },
    // `import type` is a dependency too: a type cycle still ties two modules together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    extraExtensionsToScan: [],
    enhancedResolveOptions: {
      extensions: ['.ts', '.js', '.svelte', '.mjs', '.json'],
      conditionNames: ['import', 'svelte', 'node', 'default'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
