import t, { type Test } from 'tap'
import { applyTokens, brandTokens, profileTokens } from '../../../client/src/lib/themeTokens.ts'

// A stand-in for <html>'s style declaration: what applyTokens writes through the CSSOM.
function fakeDocument (t: Test) {
  const set = new Map<string, string>()
  const style = { setProperty: (name: string, value: string) => set.set(name, value), removeProperty: (name: string) => set.delete(name) }
  Object.defineProperty(globalThis, 'document', { value: { documentElement: { style } }, configurable: true })
  t.teardown(() => { Reflect.deleteProperty(globalThis, 'document') })
  return set
}

t.test('a brand names its primary and header colours; no brand or no theme leaves the defaults', async (t) => {
  t.same(brandTokens({ theme: { primary: '#8e0000', header: '#5c0a0a' } } as Parameters<typeof brandTokens>[0]), { '--bo-primary': '#8e0000', '--bo-header-bg': '#5c0a0a' })
  t.same(brandTokens(null), { '--bo-primary': undefined, '--bo-header-bg': undefined })
})

t.test('the profile\'s header image is a same-origin path or a data: image, quoted; anything else is dropped', async (t) => {
  const theme = { VipTopBGImage: 'data:image/svg+xml,<svg/>', VipLeftCss: '', ColorTbl01: '#e8f0fb', ColorTbl02: '#ffffff' }
  t.same(profileTokens(theme), { '--bo-header-image': 'url("data:image/svg+xml,<svg/>")', '--bo-table-head': '#e8f0fb', '--bo-table-stripe': '#ffffff' })
  t.equal(profileTokens({ ...theme, VipTopBGImage: 'https://evil.example/x.png' })['--bo-header-image'], null, 'another origin is refused (img-src)')
  t.equal(profileTokens({ ...theme, VipTopBGImage: '/img/top.png") ; background: red' })['--bo-header-image'], 'url("/img/top.png) ; background: red")', 'quotes cannot close the url()')
})

t.test('applyTokens writes only colours and the image, and its undo removes what it wrote', async (t) => {
  const set = fakeDocument(t)
  const undo = applyTokens({ '--bo-primary': '#1d4e89', '--bo-table-head': 'red; color: blue', '--bo-header-bg': '', '--bo-header-image': 'url("/a.png")' })
  t.same([...set.entries()], [['--bo-primary', '#1d4e89'], ['--bo-header-image', 'url("/a.png")']], 'a value that is not a colour is not written')
  undo()
  t.equal(set.size, 0)
})
