import t from 'tap'
import { holdsAnswer, keepsAnswer, maySubmit } from '../../../client/src/renderers/lib/formSubmit.ts'

// Issue #39: a created user's one-time password must not be lost to a second press of Create.
const createPlayer = { fields: [], submit: { endpoint: '/api/v1/4d/players', method: 'POST' as const, labelKey: 'common.create', successKey: 'common.createdOneTimePasswordShown', successValues: { user: 'UserId', password: 'Password' } } }
const plainSave = { fields: [], submit: { endpoint: '/api/v1/4d/thing', method: 'PUT' as const, labelKey: 'common.save' } }
const upload = { fields: [{ name: 'file', labelKey: 'page.betUpload.file', kind: 'file' as const }], submit: { endpoint: '/api/v1/4d/files/upload', method: 'POST' as const, labelKey: 'common.upload', successKey: 'page.betUpload.uploaded', successValues: { fileId: 'FileId' } } }
const betLines = { ...createPlayer, lines: { name: 'Lines', rows: 3, fields: [] } } as unknown as Parameters<typeof holdsAnswer>[0]

t.test('a form whose success shows values of the answer holds it; a bet form is cleared for the next bet instead', async (t) => {
  t.ok(keepsAnswer(createPlayer.submit))
  t.ok(holdsAnswer(createPlayer), 'create player holds the one-time password')
  t.notOk(holdsAnswer(plainSave), 'a plain save does not')
  t.notOk(holdsAnswer({ fields: [], submit: undefined }))
  t.notOk(holdsAnswer(upload), 'an upload takes the next file: its answer is listed with the files')
  t.notOk(holdsAnswer(betLines), 'a form with lines takes the next entry')
})

t.test('after success the form holding the answer cannot be sent again; others can', async (t) => {
  t.ok(maySubmit(createPlayer, { pending: false, succeeded: false }), 'before the first send')
  t.notOk(maySubmit(createPlayer, { pending: true, succeeded: false }), 'not twice while sending')
  t.notOk(maySubmit(createPlayer, { pending: false, succeeded: true }), 'not again once the password is shown (until dismissed)')
  t.ok(maySubmit(plainSave, { pending: false, succeeded: true }), 'a plain save may be sent again')
  t.ok(maySubmit(betLines, { pending: false, succeeded: true }), 'the next bet')
  t.notOk(maySubmit({ fields: [], submit: undefined }, { pending: false, succeeded: false }), 'a read-only form is never sent')
  t.ok(maySubmit(upload, { pending: false, succeeded: true }), 'the next file')
})
