// Import boundaries of the repository, checked by `npm run checks`: no cycles, and each layer imports only downward.
// Paths are relative to the directory the cruiser runs in (the repository root; tests run it in a temporary copy of the layout).

/** The client's feature folders may use their own files, never another feature's. */
const client = (path) => `^client/src/${path}`
/** The game API by domain module (server/docs/architecture.md): app → routes.ts → <domain>/index.ts → routes → api.ts → jobs → store → rules, lib/ beneath them all. */
const ga = (path) => `^server/game-api/${path}`
/** The game API's domain modules: each folder with an index.ts (its entry) and an api.ts (its public surface). */
const DOMAINS = 'accounts|auth|betting|draws|messaging|payments|reports|risk|settings'
/**
 * The domains from the bottom up: each may use (through its api.ts) only the domains before it, so no two domains ever depend on
 * each other, however indirectly. Draws announce new draws (onNewDraws) rather than calling betting; risk places through betting.
 */
const DOMAIN_ORDER = ['auth', 'accounts', 'draws', 'settings', 'betting', 'risk', 'payments', 'reports', 'messaging']
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle (type-only imports included) ties modules that should stand alone: move what both need into a module both import.',
      from: { path: '^(server|schemas|client/src)/' },
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
      name: 'game-api-routes-from-module-only',
      severity: 'error',
      comment: 'A route file is registered, never imported: only its domain\'s module entry (<domain>/index.ts) and routes/index.ts import one.',
      from: { path: ga(''), pathNot: ga('[^/]+/(routes/)?index\\.ts$') },
      to: { path: ga('[^/]+/routes/') }
    },
    {
      name: 'game-api-module-registers-own-routes',
      severity: 'error',
      comment: 'A domain\'s module entry and its routes/index.ts register its own routes only.',
      from: { path: ga('([^/]+)/(routes/)?index\\.ts$') },
      to: { path: ga('[^/]+/routes/'), pathNot: ga('$1/routes/') }
    },
    {
      name: 'game-api-module-from-registry-only',
      severity: 'error',
      comment: 'A domain module (<domain>/index.ts) is registered once, by routes.ts (the registry of modules); other domains use its api.ts.',
      from: { path: ga(''), pathNot: ga('routes\\.ts$') },
      to: { path: ga('[^/]+/index\\.ts$') }
    },
    {
      name: 'game-api-registry-from-app-only',
      severity: 'error',
      comment: 'Only app.ts uses the module registry.',
      from: { path: ga(''), pathNot: ga('app\\.ts$') },
      to: { path: ga('routes\\.ts$') }
    },
    {
      name: 'game-api-store-private',
      severity: 'error',
      comment: 'A domain\'s store/ is private to it: another domain goes through that domain\'s api.ts (its public surface).',
      from: { path: ga(`(${DOMAINS})/`) },
      to: { path: ga(`(${DOMAINS})/store/`), pathNot: ga('$1/store/') }
    },
    {
      name: 'game-api-rules-private',
      severity: 'error',
      comment: 'A domain\'s rules/ are its own too: another domain uses what that domain\'s api.ts exports of them.',
      from: { path: ga(`(${DOMAINS})/`) },
      to: { path: ga(`(${DOMAINS})/rules/`), pathNot: ga('$1/rules/') }
    },
    ...DOMAIN_ORDER.slice(0, -1).map((domain, i) => ({
      name: 'game-api-domain-order',
      severity: 'error',
      comment: `A domain uses only the domains before it (${DOMAIN_ORDER.join(' < ')}): ${domain} may not use ${DOMAIN_ORDER.slice(i + 1).join(', ')}.`,
      from: { path: ga(`${domain}/`) },
      to: { path: ga(`(${DOMAIN_ORDER.slice(i + 1).join('|')})/`) }
    })),
    {
      name: 'game-api-routes-call-use-cases',
      severity: 'error',
      comment: 'A route is a schema and one use-case call (its domain\'s api.ts): it reads and writes no store/ itself, its domain\'s or lib/\'s.',
      from: { path: ga('[^/]+/routes/') },
      to: { path: ga('[^/]+/store/') }
    },
    {
      name: 'game-api-store-no-routes-or-jobs',
      severity: 'error',
      comment: 'A store (SQL) is used by routes and jobs, never the reverse.',
      from: { path: ga('[^/]+/store/') },
      to: { path: ga('([^/]+/(routes|jobs)/|[^/]+/index\\.ts$|routes\\.ts$|app\\.ts$)') }
    },
    {
      name: 'game-api-jobs-no-routes',
      severity: 'error',
      comment: 'A durable job runs without a request: it uses stores and rules, never routes.',
      from: { path: ga('[^/]+/jobs/') },
      to: { path: ga('([^/]+/routes/|[^/]+/index\\.ts$|routes\\.ts$|app\\.ts$)') }
    },
    {
      name: 'game-api-rules-pure',
      severity: 'error',
      comment: 'Rules are pure: no store, route, job, database or request; they may use other rules, a domain\'s errors and lib/errors.ts.',
      from: { path: ga('[^/]+/rules/') },
      to: { path: '^server/(shared/db\\.ts$|game-api/([^/]+/(routes|store|jobs)/|lib/(?!errors\\.ts$)|plugins/|jobs/|routes\\.ts$|app\\.ts$))' }
    },
    {
      name: 'game-api-lib-imports-no-domain',
      severity: 'error',
      comment: 'lib/ is beneath every domain: it imports lib/ only (and server/shared, schemas/).',
      from: { path: ga('lib/') },
      to: { path: ga(''), pathNot: ga('lib/') }
    },
    {
      name: 'game-api-plugins-and-runner-import-no-domain',
      severity: 'error',
      comment: 'plugins/ and the job runner (jobs/) serve every domain: they import lib/, plugins/ and jobs/ only.',
      from: { path: ga('(plugins|jobs)/') },
      to: { path: ga(''), pathNot: ga('(lib|plugins|jobs)/') }
    },
    {
      name: 'game-api-domain-root-files-leaf',
      severity: 'error',
      comment: 'A domain\'s errors.ts, schemas.ts and types.ts are shared by its layers: they import no store, route or job.',
      from: { path: ga('[^/]+/(errors|schemas|types)\\.ts$') },
      to: { path: ga('([^/]+/(routes|store|jobs)/|routes\\.ts$|app\\.ts$)') }
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
