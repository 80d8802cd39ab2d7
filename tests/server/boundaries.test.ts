import t from 'tap'
import { cruiseTree } from '../helpers/cruise.ts'

// The import boundaries `npm run checks` holds (.dependency-cruiser.cjs), proved on a throwaway tree: each probe breaks one rule.
const exporting = 'export const value = 1\n'
const probes = {
  // A cycle of type-only imports is still a cycle.
  'server/src/config/a.ts': "import type { B } from './b.ts'\nexport interface A { b?: B }\n",
  'server/src/config/b.ts': "import type { A } from './a.ts'\nexport interface B { a?: A }\n",
  'schemas/one.ts': "import { two } from './two.ts'\nexport const one = () => two\n",
  'schemas/two.ts': "import { one } from './one.ts'\nexport const two = () => one\n",
  'schemas/to-server.ts': "import { value } from '../server/shared/env.ts'\nexport const probe = value\n",
  'schemas/to-client.ts': "import { value } from '../client/src/lib/api.ts'\nexport const probe = value\n",
  'client/src/lib/to-server.ts': "import { value } from '../../../server/shared/env.ts'\nexport const probe = value\n",
  'server/src/to-game-api.ts': "import { value } from '../game-api/app.ts'\nexport const probe = value\n",
  'server/game-api/to-service.ts': "import { value } from '../src/app.ts'\nexport const probe = value\n",
  'server/shared/to-service.ts': "import { value } from '../src/app.ts'\nexport const probe = value\n",
  // The game API's layers: app → routes.ts → <domain>/index.ts → routes → jobs → store → rules, lib/ beneath them all.
  'server/game-api/draws/store/a.ts': "import type { B } from './b.ts'\nexport interface A { b?: B }\n",
  'server/game-api/draws/store/b.ts': "import type { A } from './a.ts'\nexport interface B { a?: A }\n",
  'server/game-api/betting/store/to-routes.ts': "import { value } from '../routes/bets.ts'\nexport const probe = value\n",
  'server/game-api/betting/rules/to-store.ts': "import { value } from '../store/tickets.ts'\nexport const probe = value\n",
  'server/game-api/betting/jobs/to-registry.ts': "import { value } from '../../routes.ts'\nexport const probe = value\n",
  'server/game-api/risk/store/to-other-store.ts': "import { value } from '../../betting/store/tickets.ts'\nexport const probe = value\n",
  'server/game-api/risk/rules/to-other-rules.ts': "import { value } from '../../betting/rules/stake.ts'\nexport const probe = value\n",
  'server/game-api/lib/to-domain.ts': "import { value } from '../betting/store/tickets.ts'\nexport const probe = value\n",
  'server/game-api/draws/to-module.ts': "import { value } from '../betting/index.ts'\nexport const probe = value\n",
  'server/game-api/draws/index.ts': "import { value } from '../betting/routes/bets.ts'\nexport const probe = value\n",
  'server/game-api/routes.ts': "import { value } from './betting/index.ts'\nexport const probe = value\nexport { value }\n",
  'server/game-api/betting/index.ts': "import { value } from './routes/index.ts'\nexport { value }\n",
  'server/game-api/betting/routes/index.ts': "import { value } from './bets.ts'\nexport { value }\n",
  'server/game-api/betting/routes/bets.ts': "import { value } from '../api.ts'\nexport { value }\n",
  // A route calls a use case: it reads no store itself.
  'server/game-api/betting/routes/to-store.ts': "import { value } from '../store/tickets.ts'\nexport const probe = value\n",
  'server/game-api/betting/store/tickets.ts': "import { value } from '../rules/stake.ts'\nexport { value }\n",
  'server/game-api/betting/rules/stake.ts': "import { value } from '../../lib/errors.ts'\nexport { value }\n",
  'server/game-api/lib/errors.ts': exporting,
  // Another domain's store is reached through that domain's api.ts only.
  'server/game-api/risk/store/exposure.ts': "import { value } from '../../betting/api.ts'\nexport const probe = value\n",
  'server/game-api/betting/api.ts': "export { value } from './store/tickets.ts'\n",
  // A domain uses only the domains before it (DOMAIN_ORDER): betting places bets for risk, never the other way.
  'server/game-api/betting/store/to-later-domain.ts': "import { value } from '../../risk/api.ts'\nexport const probe = value\n",
  'server/game-api/risk/api.ts': exporting,
  // Legal: both servers use server/shared and schemas/, the client uses schemas/.
  'server/src/app.ts': "import { value } from '../shared/env.ts'\nimport { schema } from '../../schemas/schema.ts'\nexport const probe = [value, schema]\nexport { value }\n",
  'server/game-api/app.ts': "import { value } from '../shared/env.ts'\nimport { schema } from '../../schemas/schema.ts'\nimport { probe as routes } from './routes.ts'\nexport const probe = [value, schema, routes]\nexport { value }\n",
  'client/src/lib/api.ts': "import { schema } from '../../../schemas/schema.ts'\nexport const probe = schema\nexport const value = 1\n",
  'server/shared/env.ts': exporting,
  'schemas/schema.ts': 'export const schema = 1\n'
}

t.test('a cycle (type-only imports included) or a layer breach fails the check, each named with its rule and module', async (t) => {
  const { exitCode, breaches, output } = await cruiseTree(probes)
  t.not(exitCode, 0, 'the check fails')
  // A cycle is reported once, from its first module.
  const found = breaches.map((b) => `${b.rule} ${b.from}`).sort()
  t.same(found, [
    'client-imports-no-server client/src/lib/to-server.ts',
    'game-api-domain-order server/game-api/betting/store/to-later-domain.ts',
    'game-api-domain-order server/game-api/draws/index.ts',
    'game-api-domain-order server/game-api/draws/to-module.ts',
    'game-api-imports-no-service server/game-api/to-service.ts',
    'game-api-jobs-no-routes server/game-api/betting/jobs/to-registry.ts',
    'game-api-lib-imports-no-domain server/game-api/lib/to-domain.ts',
    'game-api-module-from-registry-only server/game-api/draws/to-module.ts',
    'game-api-module-registers-own-routes server/game-api/draws/index.ts',
    'game-api-registry-from-app-only server/game-api/betting/jobs/to-registry.ts',
    'game-api-routes-call-use-cases server/game-api/betting/routes/to-store.ts',
    'game-api-routes-from-module-only server/game-api/betting/store/to-routes.ts',
    'game-api-rules-private server/game-api/risk/rules/to-other-rules.ts',
    'game-api-rules-pure server/game-api/betting/rules/to-store.ts',
    'game-api-store-no-routes-or-jobs server/game-api/betting/store/to-routes.ts',
    'game-api-store-private server/game-api/risk/store/to-other-store.ts',
    'no-circular schemas/one.ts',
    'no-circular server/game-api/draws/store/a.ts',
    'no-circular server/src/config/a.ts',
    'schemas-import-no-app schemas/to-client.ts',
    'schemas-import-no-app schemas/to-server.ts',
    'server-shared-imports-no-server server/shared/to-service.ts',
    'service-imports-no-game-api server/src/to-game-api.ts'
  ], output)
})

t.test('the same tree without the breaking probes passes', async (t) => {
  const legal = Object.fromEntries(Object.entries(probes).filter(([path]) => !/(to-|\/(a|b|one|two)\.ts$|draws\/index\.ts$)/.test(path)))
  const { exitCode, breaches, output } = await cruiseTree(legal)
  t.same(breaches, [], output)
  t.equal(exitCode, 0)
})
