import t from 'tap'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildProduct } from '../../helpers/build.ts'
import { Browser, signedIn } from '../../helpers/http-browser.ts'
import { copyConfig } from '../config/fixtures.ts'

// A form's submit carries its own rule: the announcement form's POST is given to admins granted AdminEdit only.
// ops sees the page and its form read-only, and the gate refuses ops's POST; admin keeps both.
const configDir = copyConfig(t)
const file = join(configDir, 'pages/control-announcement.json')
const page = JSON.parse(readFileSync(file, 'utf8'))
page.widgets[0].submit.rule = { adminPerm: 'AdminEdit' }
writeFileSync(file, JSON.stringify(page))

const { serviceUrl } = await buildProduct(t, { env: { CONFIG_DIR: configDir } })
const signIn = (userId: string) => signedIn(serviceUrl, userId)
const formOf = async (browser: Browser) => {
  const answer = await browser.get('/ui/pages?path=/control/announcement')
  t.equal(answer.status, 200)
  t.notMatch(answer.text, /"rule"/, 'rules stay on the server')
  return (answer.json as { widgets: Array<{ id: string, submit?: { endpoint: string } }> }).widgets.find((w) => w.id === 'createAnnouncement')
}
const announcement = { Content: 'The Wednesday draw moves to Thursday.', Color: 'red', PopUp: 'N' }

t.test('the user who fails the submit rule gets the form without its submit, and the gate refuses the write', async (t) => {
  const ops = await signIn('ops')
  const form = await formOf(ops)
  t.ok(form, 'ops still sees the form')
  t.equal(form?.submit, undefined, 'without a submit: read-only')
  const denied = await ops.request('POST', '/api/v1/4d/announcements', { body: announcement })
  t.equal(denied.status, 403)
  t.equal((denied.json as { code: string }).code, 'UI_API_FORBIDDEN')
})

t.test('the user who passes it gets the submit and the write goes through the gate', async (t) => {
  const admin = await signIn('admin')
  const form = await formOf(admin)
  t.equal(form?.submit?.endpoint, '/api/v1/4d/announcements')
  const sent = await admin.request('POST', '/api/v1/4d/announcements', { body: announcement })
  t.equal(sent.status, 200, `the game API took it (${sent.text.slice(0, 200)})`)
})
