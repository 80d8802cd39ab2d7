import t from 'tap'
import { safeEndpointPath } from '../../../server/src/proxy/safe-path.ts'

t.test('plain endpoint paths pass, split into segments', async (t) => {
  t.same(safeEndpointPath('announcements'), { ok: true, segments: ['announcements'] })
  t.same(safeEndpointPath('announcements/12'), { ok: true, segments: ['announcements', '12'] })
  t.same(safeEndpointPath('draw/byId/2024-01-03'), { ok: true, segments: ['draw', 'byId', '2024-01-03'] })
  t.same(safeEndpointPath('files/report.v2'), { ok: true, segments: ['files', 'report.v2'] })
})

// Traversal and smuggling attempts: none may pass, whatever the encoding.
const hostile = [
  '..', '../', '../../etc/passwd', 'announcements/../profile', 'announcements/..', './announcements', 'announcements/.',
  '%2e%2e/profile', '%2E%2E/profile', '%2e./profile', '.%2e/profile', '%252e%252e/profile', '%25252e%25252e/x',
  'announcements%2f..%2fprofile', 'announcements%2F..%2Fprofile', '..%2fprofile', '..%5cprofile', '%5c..%5cprofile',
  '..\\profile', 'announcements\\..\\profile', '\\\\evil', '//evil.example/x', 'announcements//x', '/announcements',
  'announcements/', '%c0%ae%c0%ae/profile', '%e0%80%ae%e0%80%ae/x', '..;/profile', 'a/..;/b', '%00', 'announcements%00',
  'announcements?x=1', 'announcements#frag', 'http://evil/x', 'announcements/ x', '...', '.../x', 'a/.../b', '', '\t',
  'x'.repeat(600)
]

t.test(`${hostile.length} hostile paths are refused with a reason`, async (t) => {
  t.ok(hostile.length >= 30)
  for (const path of hostile) {
    const result = safeEndpointPath(path)
    t.equal(result.ok, false, JSON.stringify(path))
    if (!result.ok) t.ok(result.reason.length > 0)
  }
})
