import t, { type Test } from 'tap'
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { generateSchemaFiles } from '../../../schemas/json-schema.ts'
import brandsPlugin, { BrandConfigError, defaultBrandsDir, loadBrands, pickBrand } from '../../../server/src/plugins/app/brands.ts'
import brandRoutes from '../../../server/src/routes/brand.ts'

/** A temp brands folder for one test, removed after. */
function tempDir (t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'brands-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(join(dir, 'assets'))
  return dir
}

/** Writes one brand file and its assets. */
function writeBrand (dir: string, doc: Record<string, unknown>, { withAssets = true } = {}) {
  const folder = String(doc.key).toLowerCase()
  writeFileSync(join(dir, `${folder}.json`), JSON.stringify(doc))
  if (withAssets) {
    mkdirSync(join(dir, 'assets', folder), { recursive: true })
    writeFileSync(join(dir, 'assets', folder, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    writeFileSync(join(dir, 'assets', folder, 'style.css'), '.login-layout{}')
  }
}

const sample = (i: number, extra: Record<string, unknown> = {}) => ({
  key: `Brand${i}`,
  name: `Brand number ${i}`,
  hosts: [`b${i}.example.com`, `www.b${i}.example.com`],
  logo: { file: 'logo.svg', width: 331, height: 163 },
  button: ['Login', 'LOGIN', 'SignIn', 'Sign in'][i % 4],
  style: `brand${i}`,
  switches: {},
  ...extra
})

t.test('the shipped samples cover every variant of seed 000 §1', async (t) => {
  const catalogue = loadBrands(defaultBrandsDir)
  const sizes = catalogue.brands.map((b) => b.logo ? `${b.logo.width}x${b.logo.height}` : 'none').sort()
  t.same(sizes, ['151x217', '153x40', '229x197', '270x204', '331x163', '374x193', '446x213', '460x175.88', '460x227', '76x163', 'none'].sort())
  t.same([...new Set(catalogue.brands.map((b) => b.button))].sort(), ['LOGIN', 'Login', 'Sign in', 'SignIn'])
  t.ok(catalogue.brands.some((b) => b.switches.languageSelector), 'an EN / CH selector')
  t.ok(catalogue.brands.some((b) => b.switches.heading === 'Log-in'), 'a Log-in heading')
  t.ok(catalogue.brands.some((b) => b.switches.emailLabel && b.switches.topNav), 'an Email label with the top navigation')
  t.ok(catalogue.brands.some((b) => b.switches.toggleLoginBox), 'a toggled login box')
  t.equal(catalogue.fallback.key, 'Default')
})

t.test('the generated JSON schema matches the TypeBox schema', async (t) => {
  const generated = readFileSync(new URL('../../../schemas/brand.schema.json', import.meta.url), 'utf8')
  const files = await generateSchemaFiles()
  t.equal(generated, files.get('brand.schema.json'), 'run npm run schemas:build after editing schemas/brand.ts')
})

t.test('100 brand files load and each host finds its brand', async (t) => {
  const dir = tempDir(t)
  for (let i = 0; i < 100; i++) writeBrand(dir, sample(i, i === 0 ? { default: true, hosts: [] } : {}))
  const started = performance.now()
  const catalogue = loadBrands(dir)
  t.comment(`loaded 100 brands in ${(performance.now() - started).toFixed(1)} ms`)
  t.equal(catalogue.brands.length, 100)
  t.equal(pickBrand(catalogue, 'b57.example.com').key, 'Brand57')
  t.equal(pickBrand(catalogue, 'WWW.B99.example.com:8443').key, 'Brand99', 'port and case ignored')
  t.equal(pickBrand(catalogue, 'unknown.example.com').key, 'Brand0', 'unknown hosts get the default')
  t.equal(pickBrand(catalogue, undefined).key, 'Brand0')
})

t.test('invalid brand folders are refused with file, pointer and fix', async (t) => {
  const cases: Array<[string, (dir: string) => void, RegExp]> = [
    ['bad wording', (dir) => writeBrand(dir, sample(1, { default: true, button: 'Enter' })), /brand1\.json at \/button/],
    ['unknown field', (dir) => writeBrand(dir, sample(1, { default: true, colour: 'red' })), /brand1\.json.*additional/],
    ['missing logo file', (dir) => writeBrand(dir, sample(1, { default: true, logo: { file: 'nope.svg', width: 1, height: 1 } })), /\/logo\/file: assets\/brand1\/nope\.svg does not exist/],
    ['missing style', (dir) => writeBrand(dir, sample(1, { default: true, style: 'other' })), /\/style: assets\/other\/style\.css/],
    ['shared host', (dir) => { writeBrand(dir, sample(1, { default: true })); writeBrand(dir, sample(2, { hosts: ['b1.example.com'] })) }, /brand2\.json at \/hosts: host b1\.example\.com is already served by brand1\.json/],
    ['two defaults', (dir) => { writeBrand(dir, sample(1, { default: true })); writeBrand(dir, sample(2, { default: true })) }, /only one brand may set default/],
    ['no default', (dir) => writeBrand(dir, sample(1)), /no brand sets "default": true/],
    ['broken JSON', (dir) => writeFileSync(join(dir, 'x.json'), '{'), /x\.json: is not valid JSON/]
  ]
  for (const [name, arrange, message] of cases) {
    const dir = tempDir(t)
    arrange(dir)
    let caught: unknown
    try { loadBrands(dir) } catch (error) { caught = error }
    t.ok(caught instanceof BrandConfigError, `${name}: refused`)
    t.match((caught as Error | undefined)?.message, message, name)
  }
})

t.test('GET /ui/brand picks by Host and the assets are served', async (t) => {
  const dir = tempDir(t)
  cpSync(defaultBrandsDir, dir, { recursive: true })
  const app = Fastify()
  await app.register(brandsPlugin, { dir })
  await app.register(brandRoutes)
  t.teardown(() => app.close())
  const falcon = await app.inject({ url: '/ui/brand', headers: { host: 'falcon.localhost:3000' } })
  t.equal(falcon.statusCode, 200)
  t.match(falcon.json(), { key: 'Falcon', button: 'Sign in', logo: { url: '/brands/assets/falcon/logo.svg', width: 374, height: 193 }, styleUrl: '/brands/assets/falcon/style.css', switches: { emailLabel: true, topNav: true } })
  const other = await app.inject({ url: '/ui/brand', headers: { host: '127.0.0.1:3000' } })
  t.match(other.json(), { key: 'Default', name: 'Back Office', nameZh: '后台管理', logoZh: { url: '/brands/assets/default/logo-zh.svg', width: 331, height: 163 } }, 'the default brand names and draws itself in both languages')
  t.notOk('nameZh' in falcon.json(), 'a brand with one name sends no Chinese one')
  const jade = await app.inject({ url: '/ui/brand', headers: { host: 'jade.localhost' } })
  t.equal(jade.json().logo, null, 'a brand without logo')
  const logo = await app.inject({ url: '/brands/assets/falcon/logo.svg' })
  t.equal(logo.statusCode, 200)
  t.match(logo.headers['content-type'], /svg/)
  const css = await app.inject({ url: '/brands/assets/falcon/style.css' })
  t.match(css.body, /login-layout/)
  const outside = await app.inject({ url: '/brands/assets/../falcon.json' })
  t.not(outside.statusCode, 200, 'nothing outside the assets folder')
})
