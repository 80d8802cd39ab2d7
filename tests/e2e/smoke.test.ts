import t from 'tap'
import { buildProduct } from '../helpers/build.ts'
import { launchBrowser } from '../helpers/browser.ts'

t.test('the service serves the built client to a real browser', async (t) => {
  // The embedded default, as `npm start` runs it.
  const { serviceUrl } = await buildProduct(t, { kind: 'pglite' })
  const browser = await launchBrowser(t)
  const page = await browser.newPage()
  const response = await page.goto(`${serviceUrl}/some/deep/link`)
  t.equal(response?.status(), 200, 'client routes deep-link to index.html')
  // Wait for text, not for the first visible element: an empty frame (the progress bar, a skeleton) can come first.
  await t.resolves(page.waitForFunction(() => (document.querySelector('#root') as HTMLElement | null)?.innerText.trim()), 'React rendered into the page')
})
