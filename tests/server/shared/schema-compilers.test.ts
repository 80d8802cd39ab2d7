import t from 'tap'
import { buildProduct } from '../../helpers/build.ts'
import { compileAllSchemas } from '../../../server/shared/schema-compilers.ts'

// Routes compile their schemas on first call (server/shared/schema-compilers.ts): this compiles every route's schemas of
// both apps at once, so a schema that does not compile fails here rather than on a user's first call.
t.test('every route schema of the game API and the service compiles', async (t) => {
  const product = await buildProduct(t)
  const first = await fetch(`${product.gameApiUrl}/api/v1/4d/draw/dateAll`)
  t.equal(first.status, 401, 'a route compiled on its first call answers as before')
  const compiled = compileAllSchemas()
  t.ok(compiled > 500, `${compiled} schemas compiled`)
  t.equal(compileAllSchemas(), 0, 'nothing is left to compile')
  const refused = await fetch(`${product.serviceUrl}/ui/pages?path=no-slash`)
  t.equal(refused.status, 400, 'a compiled validator refuses bad input')
})
