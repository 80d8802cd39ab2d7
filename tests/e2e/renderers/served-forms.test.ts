import t from 'tap'
import type { Locator } from 'playwright-core'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import { gameApiToken, openFromMenu, signInAt, startE2E, type E2E } from '../support.ts'

// The forms vocabulary from descriptors the service serves (a temporary copy of menus/ whose /admin/mobile page holds the
// demo forms, plus a route page /admin/mobile/draws/:DrawId), in Debian's Chromium, each write going through the proxy to the
// real game API: a loaded form in nested sections and tabs, a create dialog with a conditional field, a row's dialog form, a
// select whose options come from data, a share bounded by the loaded profile, and a call button with confirmation on a route page.

const menus = fileURLToPath(new URL('../../../menus/', import.meta.url))
const PAGE = '/admin/mobile'
const DRAW_PAGE = '/admin/mobile/draws/:DrawId'

type Json = Record<string, unknown>

const texts = {
  en: {
    contact: 'Contact',
    numberTab: 'Number',
    shareTab: 'Share',
    content: 'Text',
    colour: 'Colour',
    red: 'Red',
    blue: 'Blue',
    popUp: 'Pop-up',
    allLocations: 'Every location',
    newNotice: 'New announcement',
    noticeSaved: 'Announcement {{id}} saved.',
    repost: 'Post again',
    repostTitle: 'Post the announcement again',
    notices: 'Announcements',
    draw: 'Draw',
    finalise: 'Finalise draw',
    finalised: 'Draw finalised: {{bets}} bets settled.',
    finaliseSure: 'Finalise this draw? Every bet is settled.',
    share: 'Downline share',
    drawTitle: 'Draw {{DrawId}}',
    id: 'Id',
    yes: 'Yes',
    no: 'No'
  },
  zh: {
    contact: '联系',
    numberTab: '号码',
    shareTab: '占成',
    content: '内容',
    colour: '颜色',
    red: '红',
    blue: '蓝',
    popUp: '弹出',
    allLocations: '所有地点',
    newNotice: '新公告',
    noticeSaved: '公告 {{id}} 已保存。',
    repost: '再次发布',
    repostTitle: '再次发布公告',
    notices: '公告',
    draw: '期数',
    finalise: '结算期数',
    finalised: '期数已结算：{{bets}} 注。',
    finaliseSure: '结算此期？所有注单将结算。',
    share: '下线占成',
    drawTitle: '期数 {{DrawId}}',
    id: '编号',
    yes: '是',
    no: '否'
  }
}
const key = (name: keyof typeof texts.en) => `page.formsDemo.${name}`

const noticeFields = [
  { name: 'Content', labelKey: key('content'), kind: 'textarea', required: true, maxLength: 2000 },
  { name: 'Color', labelKey: key('colour'), kind: 'select', required: true, options: [{ value: 'red', labelKey: key('red') }, { value: 'blue', labelKey: key('blue') }] },
  { name: 'PopUp', labelKey: key('popUp'), kind: 'select', required: true, default: 'N', options: [{ value: 'N', labelKey: key('no') }, { value: 'Y', labelKey: key('yes') }] }
]
const postNotice = { endpoint: '/api/v1/4d/announcements', method: 'POST', labelKey: 'page.adminMobile.save', successKey: key('noticeSaved'), successValues: { id: 'AnnouncementId' } }

/** The demo page: every forms construct once, bound to real game API endpoints. */
const demoPage = () => ({
  $schema: '../../schemas/page.schema.json',
  path: PAGE,
  title: 'page.adminMobile.title',
  actions: [{
    kind: 'form',
    id: 'newNotice',
    labelKey: key('newNotice'),
    form: {
      id: 'newNoticeForm',
      fields: [
        ...noticeFields,
        // Only a pop-up may go to every location: the box shows once Pop-up is Yes.
        { name: 'AllLocations', labelKey: key('allLocations'), kind: 'checkbox', visibleWhen: { field: 'PopUp', equals: 'Y' } }
      ],
      submit: postNotice
    }
  }],
  widgets: [
    {
      type: 'form',
      id: 'mobileForm',
      load: { endpoint: '/api/v1/4d/mobile' },
      fields: [
        { name: 'Mobile', labelKey: 'page.adminMobile.number', kind: 'text', required: true, minLength: 6, maxLength: 20 },
        { name: 'dShare', labelKey: key('share'), kind: 'share' }
      ],
      layout: [{ kind: 'section', titleKey: key('contact'), columns: 2, children: [{ kind: 'tabs', tabs: [{ id: 'number', labelKey: key('numberTab'), children: [{ kind: 'section', fields: ['Mobile'] }] }, { id: 'share', labelKey: key('shareTab'), children: [{ kind: 'section', fields: ['dShare'] }] }] }] }],
      submit: { endpoint: '/api/v1/4d/mobile', method: 'PUT', labelKey: 'page.adminMobile.save', successKey: 'page.adminMobile.saved' }
    },
    {
      type: 'form',
      id: 'downline',
      // The signed-in user's profile bounds the share a downline may get.
      load: { endpoint: '/api/v1/profile' },
      fields: [
        { name: 'Share', labelKey: key('share'), kind: 'share', required: true, max: { loaded: 'dShare' } },
        { name: 'Mobile', labelKey: 'page.adminMobile.number', kind: 'text', required: true }
      ],
      submit: { endpoint: '/api/v1/4d/mobile', method: 'PUT', labelKey: 'page.adminMobile.save', successKey: 'page.adminMobile.saved' }
    },
    {
      type: 'form',
      id: 'finaliseForm',
      fields: [{ name: 'DrawId', labelKey: key('draw'), kind: 'select', required: true, optionsFrom: { data: { endpoint: '/api/v1/4d/draw2' }, valueField: 'DrawId', labelField: 'DrawDate' } }],
      submit: { endpoint: '/api/v1/4d/draw', method: 'PUT', labelKey: key('finalise'), successKey: key('finalised'), successValues: { bets: 'Bets' }, params: { IsFinalised: { from: 'const', value: true } } }
    },
    {
      type: 'table',
      id: 'notices',
      titleKey: key('notices'),
      rowKey: 'AnnouncementId',
      data: { endpoint: '/api/v1/4d/announcements' },
      columns: [{ field: 'AnnouncementId', labelKey: key('id'), type: 'number', width: 80 }, { field: 'Content', labelKey: key('content'), type: 'text', width: 400 }, { field: 'Color', labelKey: key('colour'), type: 'text', width: 100 }],
      rowActions: [{ kind: 'form', id: 'repost', labelKey: key('repost'), titleKey: key('repostTitle'), prefill: { Content: 'Content', Color: 'Color', PopUp: 'PopUp' }, form: { id: 'repostForm', fields: noticeFields, submit: postNotice } }]
    }
  ]
})

/** A route page: the draw of its :DrawId, finalised by a call button after a confirmation. */
const drawPage = () => ({
  $schema: '../../schemas/page.schema.json',
  path: DRAW_PAGE,
  menuPath: PAGE,
  title: 'page.adminMobile.title',
  actions: [{ kind: 'call', id: 'finalise', labelKey: key('finalise'), confirmKey: key('finaliseSure'), endpoint: '/api/v1/4d/draw', method: 'PUT', params: { DrawId: { from: 'route', name: 'DrawId' }, IsFinalised: { from: 'const', value: true } }, successKey: key('finalised'), successValues: { bets: 'Bets' } }],
  widgets: [{ type: 'content', id: 'drawTitle', bodyKey: key('drawTitle'), data: { endpoint: '/api/v1/4d/draw/result', params: { DrawId: { from: 'route', name: 'DrawId' } } } }]
})

/** A copy of menus/ with the demo pages and their texts in en and zh. */
async function configCopy (): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'served-forms-'))
  await cp(menus, dir, { recursive: true })
  // No api.json edit: the gate derives what the pages may call from the pages themselves.
  for (const lang of ['en', 'zh'] as const) {
    const file = join(dir, 'i18n', `${lang}.json`)
    const catalogue = JSON.parse(await readFile(file, 'utf8')) as { page: Json }
    catalogue.page.formsDemo = texts[lang]
    await writeFile(file, JSON.stringify(catalogue, null, 2))
  }
  await writeFile(join(dir, 'pages', 'admin-mobile.json'), JSON.stringify(demoPage(), null, 2))
  await writeFile(join(dir, 'pages', 'zz-admin-mobile-draw.json'), JSON.stringify(drawPage(), null, 2))
  return dir
}

/** The rjsf field group of a control: where its messages show. */
const groupOf = (control: Locator) => control.locator('xpath=ancestor::div[contains(@class,"form-group")][1]')

const fourDResult = {
  first: '1234',
  second: '2222',
  third: '3333',
  starters: ['4444', '1213', '0001', '0002', '0003', '0004', '0005', '0006', '0007', '0008'],
  consolations: ['5555', '5671', '2211', '0010', '0011', '0012', '0013', '0014', '0015', '0016']
}

/** A closed draw with its result entered (by the admin, straight at the game API) and not finalised: what PUT draw may settle. */
async function finalisable (e2e: E2E, token: string): Promise<number | undefined> {
  const draws = await gameCall(e2e, token, 'draw2') as Array<{ DrawId: number, IsFinalised: boolean, CloseDate: string }>
  for (const d of draws.filter((d) => !d.IsFinalised).sort((a, b) => Date.parse(a.CloseDate) - Date.parse(b.CloseDate))) {
    const entered = await fetch(`${e2e.product.gameApiUrl}/api/v1/4d/draw/result`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ DrawId: d.DrawId, Result: fourDResult })
    })
    if (entered.ok) return d.DrawId
  }
  return undefined
}

async function gameCall (e2e: E2E, token: string, path: string): Promise<any> {
  const answer = await fetch(`${e2e.product.gameApiUrl}/api/v1/4d/${path}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json()) as { data: unknown }
  return answer.data
}

t.test('the forms vocabulary from descriptors the service serves, each write through the proxy to the game API', async (t) => {
  const dir = await configCopy()
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  // Once seeded, the game API's clock moves a fortnight ahead: the seeded draws are closed, so results can be entered and draws finalised.
  let offsetMs = 0
  const e2e = await startE2E(t, { env: { CONFIG_DIR: dir }, now: () => new Date(Date.now() + offsetMs) })
  offsetMs = 14 * 86_400_000
  const token = await gameApiToken(e2e, 'admin')
  const game = (path: string) => gameCall(e2e, token, path)

  const { page, errors } = await e2e.newPage({ viewport: { width: 1280, height: 900 } })
  await signInAt(e2e, page, 'admin')
  await openFromMenu(page, 'Administration', 'Mobile', PAGE)
  const widget = (id: string) => page.locator(`[data-widget-id="${id}"]`)

  await t.test('a loaded form in a section holding tabs: saved by PUT, filled from GET when the page opens again', async (t) => {
    const form = widget('mobileForm')
    await form.locator('fieldset.rr-section legend', { hasText: 'Contact' }).waitFor()
    t.equal(await form.getByRole('tab', { name: 'Number' }).getAttribute('aria-selected'), 'true')
    await form.getByRole('tab', { name: 'Number' }).press('ArrowRight')
    t.equal(await form.getByRole('tab', { name: 'Share' }).getAttribute('aria-selected'), 'true', 'arrow keys move between tabs')
    t.ok(await form.locator('#form-mobileForm_dShare').isVisible(), 'the Share pane is open')
    await form.getByRole('tab', { name: 'Share' }).press('ArrowLeft')
    await form.locator('#form-mobileForm_Mobile').fill('+6590001111')
    await form.getByRole('button', { name: 'Save' }).click()
    await form.getByRole('status').filter({ hasText: 'Mobile number saved.' }).waitFor()
    t.match(await game('mobile'), { Mobile: '+6590001111' }, 'the game API holds it')
    await page.reload()
    await page.locator(`article.rr-page[data-page="${PAGE}"]`).waitFor()
    await page.waitForFunction(() => (document.querySelector('[data-widget-id="mobileForm"] #form-mobileForm_Mobile') as HTMLInputElement | null)?.value === '+6590001111')
    t.pass('the form opens filled from GET mobile')
  })

  await t.test('a create dialog from a page action: the conditional field shows only for a pop-up; the new announcement is in the game API and the table', async (t) => {
    await page.getByRole('button', { name: 'New announcement' }).click()
    const dialog = page.locator('dialog[open]')
    await dialog.getByRole('heading', { name: 'New announcement' }).waitFor()
    t.equal(await dialog.getByLabel('Every location').count(), 0, 'hidden until Pop-up is Yes')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await groupOf(dialog.locator('#form-newNoticeForm_Content')).filter({ hasText: 'Please fill in this field.' }).waitFor()
    await dialog.locator('#form-newNoticeForm_Content').fill('Forms demo: draw times change on Sunday.')
    await dialog.locator('#form-newNoticeForm_Color').selectOption({ label: 'Blue' })
    await dialog.locator('#form-newNoticeForm_PopUp').selectOption({ label: 'Yes' })
    await dialog.getByLabel('Every location').check()
    await dialog.getByRole('button', { name: 'Save' }).click()
    // Its success message names the new announcement's id (an answer value), so the dialog stays open to show it.
    await dialog.getByText(/^Announcement \d+ saved\.$/).waitFor()
    await dialog.locator('.dialog__footer button').click()
    await dialog.waitFor({ state: 'detached' })
    const all = await game('announcements') as Array<{ AnnouncementId: number, Content: string, Color: string, PopUp: number | boolean, LocId: string | null }>
    const made = all.find((a) => a.Content === 'Forms demo: draw times change on Sunday.')
    t.match(made, { Color: 'blue', PopUp: 'Y', LocId: null }, 'a pop-up posted for every location')
    await widget('notices').locator('tbody tr', { hasText: 'Forms demo: draw times change on Sunday.' }).waitFor()
    t.pass('the table reloaded with it')
  })

  await t.test('a row action opens its form in a dialog prefilled from the row; Escape closes it; saving reloads the table', async (t) => {
    const row = widget('notices').locator('tbody tr', { hasText: 'Forms demo: draw times change on Sunday.' }).first()
    await row.getByRole('button', { name: 'Post again' }).click()
    const dialog = page.locator('dialog[open]')
    await dialog.getByRole('heading', { name: 'Post the announcement again' }).waitFor()
    t.equal(await dialog.locator('#form-repostForm_Content').inputValue(), 'Forms demo: draw times change on Sunday.', 'prefilled from the row')
    t.equal(await dialog.locator('#form-repostForm_Color option:checked').innerText(), 'Blue')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    t.pass('Escape closes the dialog')
    await row.getByRole('button', { name: 'Post again' }).click()
    await dialog.locator('#form-repostForm_Content').fill('Forms demo: reposted.')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.getByText(/^Announcement \d+ saved\.$/).waitFor()
    await dialog.locator('.dialog__footer button').click()
    await dialog.waitFor({ state: 'detached' })
    await widget('notices').locator('tbody tr', { hasText: 'Forms demo: reposted.' }).waitFor()
    t.ok((await game('announcements') as Array<{ Content: string }>).some((a) => a.Content === 'Forms demo: reposted.'), 'the game API holds the new one')
  })

  await t.test('a select whose options are the game API\'s draws finalises the chosen one', async (t) => {
    const draws = await game('draw2') as Array<{ DrawId: number, DrawDate: string, IsFinalised: boolean }>
    const select = widget('finaliseForm').locator('#form-finaliseForm_DrawId')
    await page.waitForFunction((n) => document.querySelectorAll('[data-widget-id="finaliseForm"] #form-finaliseForm_DrawId option').length === n + 1, draws.length)
    const shown = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean))
    t.same(shown, draws.map((d) => String(d.DrawId)), 'one option per draw, valued by DrawId')
    const open = { DrawId: await finalisable(e2e, token) }
    if (open.DrawId === undefined) throw new Error('no draw with a result to finalise in the seed')
    await select.selectOption(String(open.DrawId))
    await widget('finaliseForm').getByRole('button', { name: 'Finalise draw' }).click()
    await widget('finaliseForm').getByRole('status').filter({ hasText: /Draw finalised: \d+ bets settled\./ }).waitFor()
    t.ok((await game('draw2') as typeof draws).find((d) => d.DrawId === open.DrawId)?.IsFinalised, 'the game API finalised it')
  })

  await t.test('a route page: its binding and its call button take :DrawId; the confirmation can be cancelled', async (t) => {
    type Draws = Array<{ DrawId: number, IsFinalised: boolean }>
    const open = { DrawId: await finalisable(e2e, token) }
    if (open.DrawId === undefined) throw new Error('no second draw with a result to finalise in the seed')
    const path = `/admin/mobile/draws/${open.DrawId}`
    const served = await page.evaluate((p) => fetch(`/ui/pages?path=${encodeURIComponent(p)}`).then((r) => r.json()), path) as { route: Json }
    t.same(served.route, { DrawId: String(open.DrawId) }, 'the service matched the template and passed the value')
    await page.goto(`${e2e.url}${path}`)
    await widget('drawTitle').filter({ hasText: `Draw ${open.DrawId}` }).waitFor()
    t.pass('the content binding read the route value')
    await page.getByRole('button', { name: 'Finalise draw' }).click()
    const confirm = page.locator('dialog[open]')
    await confirm.getByText('Finalise this draw? Every bet is settled.').waitFor()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await confirm.waitFor({ state: 'detached' })
    t.notOk((await game('draw2') as Draws).find((d) => d.DrawId === open.DrawId)?.IsFinalised, 'cancelled: nothing called')
    await page.getByRole('button', { name: 'Finalise draw' }).click()
    await confirm.getByRole('button', { name: 'OK' }).click()
    await page.getByRole('status').filter({ hasText: /Draw finalised: \d+ bets settled\./ }).waitFor()
    t.ok((await game('draw2') as Draws).find((d) => d.DrawId === open.DrawId)?.IsFinalised, 'confirmed: the game API finalised it')
  })

  t.same(errors, [], 'no uncaught page errors')

  await t.test('a share bounded by the loaded profile: ag1 (share 0.5) may not give a downline more', async (t) => {
    const { page: agPage, errors: agErrors } = await e2e.newPage({ viewport: { width: 1280, height: 900 } })
    await signInAt(e2e, agPage, 'ag1')
    await agPage.goto(`${e2e.url}${PAGE}`)
    const form = agPage.locator('[data-widget-id="downline"]')
    await form.locator('#form-downline_Share').waitFor()
    await form.locator('#form-downline_Share').fill('0.6')
    await form.locator('#form-downline_Mobile').fill('+6590002222')
    await form.getByRole('button', { name: 'Save' }).click()
    await groupOf(form.locator('#form-downline_Share')).filter({ hasText: 'Please enter a value of at most 0.5.' }).waitFor()
    t.pass('0.6 is refused with the parent\'s share as the bound')
    await form.locator('#form-downline_Share').fill('0.5')
    await form.getByRole('button', { name: 'Save' }).click()
    await form.getByRole('status').filter({ hasText: 'Mobile number saved.' }).waitFor()
    t.match(await gameCall(e2e, await gameApiToken(e2e, 'ag1'), 'mobile'), { Mobile: '+6590002222' })
    t.same(agErrors, [], 'no uncaught page errors')
  })
})
