import t from 'tap'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { buildService } from '../../../helpers/build.ts'
import { clientDist, isHashedAsset } from '../../../../server/src/plugins/external/client.ts'

t.test('hashed build files are kept by browsers; other files and pages are asked for again', async (t) => {
  t.ok(isHashedAsset('/x/dist/client/assets/RjsfForm-C1-OmPt4.js'))
  t.notOk(isHashedAsset('/x/dist/client/version.json'), 'the build id changes without a new name')
  t.notOk(isHashedAsset('/x/dist/client/index.html'))
  if (!existsSync(clientDist)) return t.fail('the client is not built: npm test builds it before the tap tests (npm run build:client)')
  const { service } = await buildService(t, { gameApiUrl: 'http://127.0.0.1:9', listen: false })
  const chunk = readdirSync(join(clientDist, 'assets')).find((name) => /-[A-Za-z0-9_-]{8}\.js$/.test(name))
  const asset = await service.inject(`/assets/${chunk ?? ''}`)
  t.equal(asset.statusCode, 200)
  t.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable', `${chunk}: a year, immutable`)
  const version = await service.inject('/version.json')
  t.equal(version.statusCode, 200)
  t.notMatch(String(version.headers['cache-control']), /immutable/, 'a file without a hashed name is asked for again')
  const page = await service.inject('/login')
  t.notMatch(String(page.headers['cache-control']), /immutable|max-age=[1-9]/, 'and the page itself')
})
