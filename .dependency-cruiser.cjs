// Import boundaries of the repository, checked by `npm run checks`: no cycles, and each layer imports only downward.
// Paths are relative to the directory the cruiser runs in (the repository root; tests run it in a temporary copy of the layout).

/** The client's feature folders may use their own files, never another feature's. */
const client = (path) => `^client/src/${path}`

/** The game API is cycle-checked once its layout is settled (helper H1's restructuring, issue #34); its layer rules below hold already. */
const cycleChecked = '^(server/(src|shared)|schemas|client/src)/'

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle (type-only imports included) ties modules that should stand alone: move what both need into a module both import.',
      from: { path: cycleChecked },
      to: { circular: true }
    },
    {
      name: 'schemas-import-no-app',
      severity: 'error',
      comment: 'schemas/ is the single source of truth both servers and the client read: it imports nothing from them.',
      from: { path: '^schemas/' },
      to: { path: '^(server|client)/' }
    },
    {
      name: 'client-imports-no-server',
      severity: 'error',
      comment: 'The client reaches the servers over HTTP only; shared rules and types live in schemas/.',
      from: { path: '^client/' },
      // Known exception, to move to a home both sides may import: the renderer harness's rows share the seed's import-free generator.
      to: { path: '^server/', pathNot: '^server/shared/seeded-random\\.ts$' }
    },
    {
      name: 'service-imports-no-game-api',
      severity: 'error',
      comment: 'The service talks to any game API over HTTP (the operator\'s or the reference one): what both need lives in server/shared or schemas/.',
      from: { path: '^server/src/' },
      to: { path: '^server/game-api/' }
    },
    {
      name: 'game-api-imports-no-service',
      severity: 'error',
      comment: 'The reference game API stands alone (it is the operator\'s upstream): what both need lives in server/shared or schemas/.',
      from: { path: '^server/game-api/' },
      to: { path: '^server/src/' }
    },
    {
      name: 'server-shared-imports-no-server',
      severity: 'error',
      comment: 'server/shared is beneath both servers: it imports neither.',
      from: { path: '^server/shared/' },
      to: { path: '^server/(src|game-api)/' }
    },
    {
      name: 'client-feature-imports-no-feature',
      severity: 'error',
      comment: 'Features do not import each other: move what both need to lib/ or components/.',
      from: { path: client('features/([^/]+)/') },
      to: { path: client('features/'), pathNot: client('features/$1/') }
    },
    {
      name: 'client-lib-imports-nothing-above',
      severity: 'error',
      comment: 'lib/ is the bottom layer: it imports nothing above it.',
      from: { path: client('lib/') },
      to: { path: client('(app|features|renderers|components)/') }
    },
    {
      name: 'client-components-import-lib-only',
      severity: 'error',
      comment: 'components/ may import lib/ only.',
      from: { path: client('components/') },
      to: { path: client('(app|features|renderers)/') }
    },
    {
      name: 'client-renderers-import-no-feature',
      severity: 'error',
      comment: 'Renderers draw descriptors for any feature: they import lib/ and components/, never a feature or the app.',
      from: { path: client('renderers/') },
      to: { path: client('(app|features)/') }
    }
  ],
  options: {
    // Type-only imports count: a cycle of types is a cycle of meaning.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }
  }
}
