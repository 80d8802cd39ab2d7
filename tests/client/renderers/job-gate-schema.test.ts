import t from 'tap'
import { jobPhase, statusUrl } from '../../../client/src/renderers/lib/job.ts'
import { gateCheckUrl, gateUserId } from '../../../client/src/renderers/lib/gate.ts'
import { toRjsf } from '../../../client/src/renderers/lib/formSchema.ts'

const status = { endpoint: '/api/v1/4d/generateBetSpecial/{jobId}/status', idPath: 'FileId', doneValues: ['DONE'], failedValues: ['ERROR'] }

t.test('job status answers become phases', async (t) => {
  t.same(jobPhase({ status: 'RUNNING', progress: 42.4 }, status), { phase: 'running', progress: 42 })
  t.same(jobPhase({ status: 'RUNNING', progress: 'x' }, status), { phase: 'running', progress: 0 })
  t.same(jobPhase({ status: 'RUNNING', progress: 180 }, status), { phase: 'running', progress: 100 })
  t.same(jobPhase({ status: 'DONE' }, status), { phase: 'done', progress: 100 })
  t.same(jobPhase({ status: 'ERROR' }, status), { phase: 'failed', status: 'ERROR', message: 'ERROR' }, 'a failure without a reason shows its status')
  t.same(jobPhase({ status: 'ERROR', Message: 'Failed after 3 attempts: draw 7 has no result' }, { ...status, messagePath: 'Message' }), { phase: 'failed', status: 'ERROR', message: 'Failed after 3 attempts: draw 7 has no result' }, 'a failed job shows its reason')
  t.same(jobPhase({ s: { v: 'DONE' } }, { ...status, statusPath: 's.v' }), { phase: 'done', progress: 100 })
  t.equal(statusUrl(status, { FileId: 'a b' }), '/api/v1/4d/generateBetSpecial/a%20b/status')
})

t.test('the gate check URL: a {UserId} segment takes the id (else the signed-in user), otherwise UserId goes in the query', async (t) => {
  t.equal(gateCheckUrl('/api/v1/4d/checkMemberAccess/{UserId}', { LocId: 'SG' }, 'mem 2', 'ag1'), '/api/v1/4d/checkMemberAccess/mem%202?LocId=SG')
  t.equal(gateCheckUrl('/api/v1/4d/checkMemberAccess/{UserId}', {}, undefined, 'ag1'), '/api/v1/4d/checkMemberAccess/ag1')
  t.equal(gateCheckUrl('/api/v1/4d/checkMemberAccess', {}, 'mem2', 'ag1'), '/api/v1/4d/checkMemberAccess?UserId=mem2')
  t.equal(gateCheckUrl('/api/v1/4d/checkMemberAccess', {}, undefined, 'ag1'), '/api/v1/4d/checkMemberAccess')
})

t.test('the gate follows the user id only when it changes to a non-empty value', async (t) => {
  t.equal(gateUserId(undefined, ''), undefined)
  t.equal(gateUserId(undefined, 'ag1'), 'ag1')
  t.equal(gateUserId('ag1', ''), 'ag1', 'clearing the input keeps the last check')
  t.equal(gateUserId('ag1', '  '), 'ag1')
  t.equal(gateUserId('ag1', 'mem1'), 'mem1')
})

t.test('fields map to an rjsf schema without constraints, labels translated', async (t) => {
  const { schema, uiSchema } = toRjsf([
    { name: 'Share', labelKey: 'f.share', kind: 'share', required: true },
    { name: 'PopUp', labelKey: 'f.popup', kind: 'select', options: [{ value: 'Y', labelKey: 'yes' }] },
    { name: 'Agree', labelKey: 'f.agree', kind: 'checkbox' }
  ], (k) => `T(${k})`, 'tt')
  t.same(schema.properties.Share, { type: 'number', title: 'T(f.share)' })
  t.same(schema.properties.PopUp?.oneOf, [{ const: 'Y', title: 'T(yes)' }])
  t.equal(schema.properties.Agree?.type, 'boolean')
  t.same(schema.required, ['Share'])
  t.equal(uiSchema.Share?.['ui:widget'], 'share')
  t.same((uiSchema.Share?.['ui:options'] as { game: string }).game, 'tt')
})
