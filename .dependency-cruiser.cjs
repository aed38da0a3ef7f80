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
/** A forbidden import: from a file matching `from` to one matching `to`; fails the lint. */
const forbid = (name, from, to, comment) => ({ name, severity: 'error', comment, from, to });

module.exports = {
  forbidden: [
    forbid(
      'no-cycle',
      {},
      { circular: true },
      'An import cycle: two files (or modules) that need each other are one thing, or share a third.',
    ),
    forbid(
      'web-feature-imports-another-feature',
      { path: '^apps/web/src/features/([^/]+)/' },
      { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
      'A feature is self-contained: what two features share goes to components/ or lib/.',
    ),
    forbid(
      'web-shared-code-imports-a-feature',
      { path: '^apps/web/src/(components|lib)/' },
      { path: '^apps/web/src/features/' },
      'components/ and lib/ serve every feature and depend on none.',
    ),
    forbid(
      'server-module-reaches-into-another-module',
      { path: '^apps/server/src/modules/([^/]+)/' },
      {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
      "A module uses another module through that module's index.ts only.",
    ),
    forbid(
      'server-reaches-into-a-module',
      { path: '^apps/server/(src|test)/', pathNot: ['^apps/server/src/modules/', '\\.test\\.ts$'] },
      { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
      'Outside the modules, a module is used through its index.ts only (tests of a module may read its files).',
    ),
    forbid(
      'server-module-imports-a-plugin',
      { path: '^apps/server/src/modules/' },
      { path: '^apps/server/src/plugins/' },
      'Plugins wire modules into Fastify; modules do not depend on them.',
    ),
    forbid(
      'server-lib-imports-a-module-or-plugin',
      { path: '^apps/server/src/lib/' },
      { path: '^apps/server/src/(modules|plugins)/' },
      'lib/ is below the modules and plugins.',
    ),
    forbid('shared-imports-an-app', { path: '^packages/shared/' }, { path: '^apps/' }),
    forbid('web-imports-the-server', { path: '^apps/web/' }, { path: '^apps/server/' }),
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
