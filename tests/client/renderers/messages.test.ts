import t from 'tap'
import i18next from 'i18next'
import { rendererMessagesEn, rendererMessagesZh } from '../../../client/src/renderers/lib/messages.ts'

// Counted texts read as people write them: "1 unsaved change", "2 unsaved changes" (i18next plurals); Chinese has one form.

t.test('counted renderer texts take the singular for one and the plural otherwise', async (t) => {
  const i18n = i18next.createInstance()
  await i18n.init({ lng: 'en', fallbackLng: 'en', resources: { en: { translation: rendererMessagesEn }, zh: { translation: rendererMessagesZh } }, interpolation: { escapeValue: false } })
  t.equal(i18n.t('renderers.grid.changes', { count: 1 }), '1 unsaved change')
  t.equal(i18n.t('renderers.grid.changes', { count: 2 }), '2 unsaved changes')
  await i18n.changeLanguage('zh')
  t.equal(i18n.t('renderers.grid.changes', { count: 1 }), '1 项未保存的更改')
  t.equal(i18n.t('renderers.grid.changes', { count: 5 }), '5 项未保存的更改')
})
