import t from 'tap'
import { startProduct } from '../helpers/product.ts'
import { launchBrowser } from '../helpers/browser.ts'

t.test('the service serves the built client to a real browser', async (t) => {
  const { serviceUrl } = await startProduct(t)
  const browser = await launchBrowser(t)
  const page = await browser.newPage()
  const response = await page.goto(`${serviceUrl}/some/deep/link`)
  t.equal(response?.status(), 200, 'client routes deep-link to index.html')
  // Wait for visible content: the hidden navigation progress bar is rendered first.
  await page.locator('#root *:visible').first().waitFor()
  t.ok(await page.locator('#root').innerText(), 'React rendered into the page')
})
