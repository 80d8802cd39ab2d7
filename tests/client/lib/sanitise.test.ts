import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import t from 'tap'
import { frames, launchBrowser, settled } from '../../helpers/browser.ts'

// The sanitiser runs where it runs in production: in Chromium, on a page of its own origin (https://app.test).
const entry = fileURLToPath(new URL('../../../client/src/lib/sanitise.ts', import.meta.url))
const bundle = await build({ entryPoints: [entry], bundle: true, format: 'iife', globalName: 'sanitiser', write: false, logLevel: 'silent' })
const browser = await launchBrowser(t)
const page = await browser.newPage()
const requested: string[] = []
page.on('request', (request) => requested.push(request.url()))
await page.route('https://app.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body><div id="out"></div></body></html>' }))
await page.route('https://evil.test/**', (route) => route.fulfill({ status: 204 }))
await page.goto('https://app.test/')
await page.addScriptTag({ content: bundle.outputFiles[0]!.text })

/** The sanitised HTML of a sample, as announcements get it. */
const clean = (html: string) => page.evaluate((h) => (window as unknown as { sanitiser: { sanitiseAnnouncement: (s: string) => string } }).sanitiser.sanitiseAnnouncement(h), html)

t.test('named elements cannot clobber document or window properties', async (t) => {
  const out = await clean('<img id=x name=x><form name=cookie></form><a id=location name=location href=#>a</a>')
  t.notMatch(out, /\b(id|name)="(x|cookie|location)"/, out)
  const clobbered = await page.evaluate((h) => {
    document.getElementById('out')!.innerHTML = h
    const w = window as unknown as Record<string, unknown>
    const d = document as unknown as Record<string, unknown>
    return [w.x instanceof Element, d.x instanceof Element, typeof document.cookie !== 'string', d.location instanceof Element]
  }, out)
  t.same(clobbered, [false, false, false, false])
})

t.test('nothing is loaded from another origin: pictures, srcset, style URLs, style sheets, SVG images, media', async (t) => {
  const hostile = [
    '<img src=https://evil.test/x.png>',
    '<img src="//evil.test/protocol-relative.png">',
    '<img srcset="https://evil.test/set.png 1x">',
    '<div style="background:url(https://evil.test/bg.png)">styled</div>',
    '<p style="background-image: u\\72l(https://evil.test/escaped.png)">escaped</p>',
    '<style>@import url(https://evil.test/import.css); body { background: url(https://evil.test/sheet.png) }</style>',
    '<link rel=stylesheet href=https://evil.test/link.css>',
    '<svg><image href="https://evil.test/svg.png"></image></svg>',
    '<video poster="https://evil.test/poster.png" src="https://evil.test/v.mp4"></video>',
    '<table background="https://evil.test/table.png"><tr><td>t</td></tr></table>'
  ]
  for (const html of hostile) {
    const out = await clean(html)
    t.notMatch(out, /evil\.test/, `${html} -> ${out}`)
  }
  await page.evaluate((h) => { document.getElementById('out')!.innerHTML = h }, await clean(hostile.join('')))
  // Styles are applied, and their pictures asked for, by the next frames' style and layout passes.
  await frames(page, 3)
  await settled(page)
  t.same(requested.filter((url) => url.includes('evil.test')), [], 'the browser asked another origin for nothing')
})

t.test('what announcements need stays: text, links, inline and same-origin pictures, a text alternative', async (t) => {
  const out = await clean('<b>Bold</b> <a href="https://www.example.com/results">results</a><img src="data:image/png;base64,iVBORw0KGgo=" alt="chart"><img src="/assets/logo.png">')
  t.match(out, '<b>Bold</b>')
  t.match(out, 'href="https://www.example.com/results"')
  t.match(out, 'src="data:image/png;base64,iVBORw0KGgo="')
  t.match(out, '<img src="/assets/logo.png" alt="">', 'a picture without alt is marked decorative')
  t.equal(await clean('<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>'), '<img src="x" alt="">', 'script and handlers go')
})
