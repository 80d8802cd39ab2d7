import t from 'tap'
import { readFileSync } from 'node:fs'
import { fromRoot } from '../../server/shared/paths.ts'
import { checkReferences, flattenCatalogue, type Catalogue } from '../../server/src/config/i18n.ts'
import { referenceOf } from '../../schemas/i18n.ts'

// One vocabulary (issue #34): each text is kept under one key; a page or widget that shows it again names that key,
// or holds "$t(key)" where its own key must stay (code, tests or a vocabulary name it). Each English text has one Chinese text.

const catalogue = (lang: string) => flattenCatalogue(JSON.parse(readFileSync(fromRoot(`menus/i18n/${lang}.json`), 'utf8')) as Catalogue)
const en = catalogue('en')
const zh = catalogue('zh')
const reference = referenceOf

/**
 * English words that name two different things, which Chinese says differently: their Chinese texts, one key each.
 * A range's end or start vs. a message's recipient or sender; who did it vs. by which channel; open for betting, an
 * unsettled claim, a ticket not yet drawn; and a state (settled, placed, received, uploaded) vs. the time it happened.
 */
const senses: Record<string, string[]> = {
  To: ['至', '接收方'],
  From: ['从', '发送方'],
  By: ['操作人', '方式'],
  Open: ['开放', '未结', '未开奖'],
  Settled: ['已结算', '结算时间'],
  Placed: ['已下注', '下注时间'],
  Received: ['收到', '收到时间'],
  Uploaded: ['已上传', '上传时间']
}

type Texts = ReadonlyMap<string, string>

/** English text → its Chinese texts → the keys that hold that pair (aliases left out: they hold no text). */
function pairs (en: Texts, zh: Texts) {
  const out = new Map<string, Map<string, string[]>>()
  for (const [key, text] of en) {
    if (reference(text) !== undefined) continue
    const chinese = zh.get(key.replace(/_one$/, '')) ?? ''
    const of = out.get(text) ?? new Map<string, string[]>()
    of.set(chinese, [...(of.get(chinese) ?? []), key])
    out.set(text, of)
  }
  return out
}

/** English texts with more than one Chinese text, the listed senses left out. */
const several = (en: Texts, zh: Texts) => [...pairs(en, zh)].filter(([text, of]) => of.size > 1 && senses[text] === undefined).map(([text, of]) => `${text}: ${[...of.keys()].join(' | ')}`)

/** Texts (an English text with its Chinese) held by more than one key. */
const repeated = (en: Texts, zh: Texts) => [...pairs(en, zh)].flatMap(([text, of]) => [...of].filter(([, keys]) => keys.length > 1).map(([chinese, keys]) => `${text} / ${chinese}: ${keys.join(', ')}`))

t.test('the figures', async (t) => {
  const references = [...en.values()].filter((text) => reference(text) !== undefined).length
  t.comment(`${en.size} keys: ${en.size - references} texts, ${references} "$t(key)" references; ${pairs(en, zh).size} distinct English texts`)
  t.ok(en.size > 1000, 'the whole catalogue was read')
})

t.test('a "$t(key)" entry names a text, in both languages alike', async (t) => {
  t.same(checkReferences(en), [], 'en references resolve')
  t.same(checkReferences(zh), [], 'zh references resolve')
  const unlike = [...en].filter(([key, text]) => (reference(text) !== undefined || reference(zh.get(key) ?? '') !== undefined) && text !== zh.get(key)).map(([key]) => key)
  t.same(unlike, [], 'a key that refers in one language refers to the same key in the other')
  t.same([...en.values()].filter((text) => text.includes('$t(') && reference(text) === undefined), [], 'a reference is the whole entry')
})

t.test('every English text has exactly one Chinese text, but for the words listed with their senses', async (t) => {
  t.same(several(en, zh), [], 'one Chinese text each')
  for (const [text, chinese] of Object.entries(senses)) t.same([...(pairs(en, zh).get(text)?.keys() ?? [])].sort(), [...chinese].sort(), `"${text}" in its ${chinese.length} senses`)
})

t.test('no two keys hold the same text: a repeated text is a common.* key that the others name', async (t) => {
  t.same(repeated(en, zh), [], 'each text once')
  const shared = [...en].filter(([key, text]) => !key.startsWith('common.') && reference(text) !== undefined && !reference(text)!.startsWith('common.')).map(([key]) => key)
  t.same(shared, [], 'a text named from elsewhere lives under common.*')
})

t.test('the checks find a repeated text, a second translation and a broken reference', async (t) => {
  const sampleEn = new Map([['common.close', 'Close'], ['page.a.close', 'Close'], ['page.b.payOut', 'Pay Out'], ['page.c.payOut', 'Pay Out'], ['page.d.shut', '$t(common.close)']])
  const sampleZh = new Map([['common.close', '关闭'], ['page.a.close', '关闭'], ['page.b.payOut', '派彩'], ['page.c.payOut', '赔率'], ['page.d.shut', '$t(common.close)']])
  t.same(repeated(sampleEn, sampleZh), ['Close / 关闭: common.close, page.a.close'])
  t.same(several(sampleEn, sampleZh), ['Pay Out: 派彩 | 赔率'])
  t.same(checkReferences(new Map([['a.b', '$t(a.c)']])), [{ key: 'a.b', message: '"$t(a.c)" names no text: add "a.c" or name an existing key' }])
  t.equal(checkReferences(new Map([['a.b', '$t(a.c)'], ['a.c', '$t(a.b)']])).length, 2, 'a circle is refused')
})

t.test('a ticket is 注单 in Chinese, in every text (票号 is its number); never 票据 or a bare 票', async (t) => {
  const saysTicket = [...en].filter(([, text]) => /\btickets?\b/i.test(text) && reference(text) === undefined).map(([key]) => key)
  t.ok(saysTicket.length > 20, `the English texts naming tickets were found (${saysTicket.length})`)
  t.same(saysTicket.filter((key) => !/注单|票号/.test(zh.get(key.replace(/_one$/, '')) ?? '')), [], 'each says 注单 (or 票号 for its number)')
  t.same([...zh].filter(([, text]) => /票/.test(text.replaceAll('票号', ''))).map(([key, text]) => `${key}: ${text}`), [], 'no other word for it')
})
