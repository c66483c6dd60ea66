// Import-cycle and layer guard (`npm run check:imports`, part of `npm test`).
// The layers the README describes: main/core is Electron-free and knows no shell or window;
// the window (renderer/) reaches the core only for its model, its matchers and the few exact
// files listed below; preload knows only the bridge contract; core tests import no window code.
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

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Import cycles make load order matter and hide which module owns a rule.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-stays-core',
      severity: 'error',
      comment: 'main/core runs in plain Node tests: no Electron, no shell, no window code.',
      from: { path: '^main/core/' },
      to: { path: ['^renderer/', '^preload/', '^main/electron/', '^main/server/', '^main/tools/'] },
    },
    {
      name: 'core-no-electron',
      severity: 'error',
      comment: 'main/core must stay Electron-free.',
      from: { path: '^main/core/' },
      to: { path: '^node_modules/electron/' },
    },
    {
      name: 'renderer-reaches-core-model-and-matchers-only',
      severity: 'error',
      comment:
        'The window imports from main/ only core/model, core/matchers and the exact files in ' +
        'RENDERER_VALUE_EXCEPTIONS; type-only imports also from RENDERER_TYPE_EXCEPTIONS.',
      from: { path: '^renderer/' },
      to: {
        path: '^(main|preload)/',
        pathNot: [
          '^main/core/model/',
          '^main/core/matchers/',
          exact(RENDERER_VALUE_EXCEPTIONS),
          exact(RENDERER_TYPE_EXCEPTIONS),
        ],
      },
    },
    {
      name: 'renderer-type-only-exceptions',
      severity: 'error',
      comment: 'These core files may reach the window as types only.',
      from: { path: '^renderer/' },
      to: { path: exact(RENDERER_TYPE_EXCEPTIONS), dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'preload-knows-only-the-contract',
      severity: 'error',
      comment: 'preload exposes the typed bridge and nothing else of main/.',
      from: { path: '^preload/' },
      to: { path: '^(main|renderer)/', pathNot: '^main/core/bridge/contract[.]ts$' },
    },
    {
      name: 'core-tests-stay-core',
      severity: 'error',
      comment: 'Core tests run the core alone: window code is tested under test/renderer.',
      from: { path: '^test/core/' },
      to: { path: '^renderer/' },
    },
    {
      name: 'shells-stay-apart',
      severity: 'error',
      comment: 'The Electron shell and the browser shell share code only through main/core.',
      from: { path: '^main/(electron|server)/' },
      to: { path: '^(renderer|preload)/' },
    },
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
