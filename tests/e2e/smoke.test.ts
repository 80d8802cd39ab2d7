import t from 'tap'
import { startProduct } from '../helpers/product.ts'
import { launchBrowser } from '../helpers/browser.ts'

t.test('the service serves the built client to a real browser', async (t) => {
  const { serviceUrl } = await startProduct(t)
  const browser = await launchBrowser(t)
  const page = await browser.newPage()
  const response = await page.goto(`${serviceUrl}/some/deep/link`)
  t.equal(response?.status(), 200, 'client routes deep-link to index.html')
  await page.waitForSelector('#root *')
  t.ok(await page.locator('#root').innerText(), 'React rendered into the page')
})
