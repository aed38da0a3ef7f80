/**
 * The boundaries of the code, checked by `npm run lint` (dependency-cruiser). Only imports that
 * remain at run time count: a type-only import creates no dependency between modules.
 *
 * - No import cycle anywhere.
 * - Web: a feature never imports another feature; shared code (components/, lib/) imports none.
 * - Server: a module reaches another module only through its index.ts; modules never import the
 *   plugins; lib/ imports neither modules nor plugins.
 * - packages/shared imports nothing of the apps; the web imports nothing of the server.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'An import cycle: two files (or modules) that need each other are one thing, or share a third.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-imports-another-feature',
      severity: 'error',
      comment: 'A feature is self-contained: what two features share goes to components/ or lib/.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-code-imports-a-feature',
      severity: 'error',
      comment: 'components/ and lib/ serve every feature and depend on none.',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'server-module-reaches-into-another-module',
      severity: 'error',
      comment: "A module uses another module through that module's index.ts only.",
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-reaches-into-a-module',
      severity: 'error',
      comment:
        'Outside the modules, a module is used through its index.ts only (tests of a module may read its files).',
      from: { path: '^apps/server/(src|test)/', pathNot: ['^apps/server/src/modules/', '\\.test\\.ts$'] },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'server-module-imports-a-plugin',
      severity: 'error',
      comment: 'Plugins wire modules into Fastify; modules do not depend on them.',
      from: { path: '^apps/server/src/modules/' },
      to: { path: '^apps/server/src/plugins/' },
    },
    {
      name: 'server-lib-imports-a-module-or-plugin',
      severity: 'error',
      comment: 'lib/ is below the modules and plugins.',
      from: { path: '^apps/server/src/lib/' },
      to: { path: '^apps/server/src/(modules|plugins)/' },
    },
    {
      name: 'shared-imports-an-app',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-imports-the-server',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.artifacts)/' },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    combinedDependencies: true,
  },
};
