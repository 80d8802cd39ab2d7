import t from 'tap'
import { Countdown, formatDuration, parseNotify, serverOffset, tickInterval, NOTIFY_ERROR, type CountdownEvent } from '../../../client/src/renderers/lib/countdown.ts'
import { fakeClock } from './fakeClock.ts'

function record (c: Countdown) {
  const events: CountdownEvent[] = []
  c.on((e) => { if (e.action !== 'tick') events.push(e) })
  return events
}

t.test('notify takes one positive number or a list; below 1 is rejected with the seed message', async (t) => {
  t.same(parseNotify(undefined), [])
  t.same(parseNotify(5), [5])
  t.same(parseNotify([1, 10, 5, 10]), [10, 5, 1])
  t.throws(() => parseNotify(0), { message: NOTIFY_ERROR })
  t.throws(() => parseNotify([3, 0.5]), { message: NOTIFY_ERROR })
  t.throws(() => new Countdown({ seconds: 5, notify: -1 }, fakeClock()), { message: NOTIFY_ERROR })
})

t.test('ticks every second, or every 100 ms when the format shows tenths', async (t) => {
  t.equal(tickInterval('HH:mm:ss'), 1000)
  t.equal(tickInterval('mm:ss.S'), 100)
  const clock = fakeClock()
  const c = new Countdown({ seconds: 2, format: 's.S' }, clock)
  let ticks = 0
  c.on((e) => { if (e.action === 'tick') ticks++ })
  c.init()
  clock.advance(1000)
  t.equal(ticks, 11, 'first tick at start, then ten in one second')
})

t.test('formats durations HH:mm:ss by default, with tenths and total hours', async (t) => {
  t.equal(formatDuration(3_723_000), '01:02:03')
  t.equal(formatDuration(90_061_000), '25:01:01', 'hours are total, not modulo a day')
  t.equal(formatDuration(5_678, 'ss.S'), '05.6')
  t.equal(formatDuration(-5), '00:00:00')
})

t.test('server countdown runs to the server end and is done at zero', async (t) => {
  const clock = fakeClock()
  const c = new Countdown({ endAt: clock.now() + 3000, notify: [2] }, clock)
  const events = record(c)
  c.init()
  t.equal(c.status, 'running')
  clock.advance(1000)
  t.equal(c.leftMs(), 2000)
  t.same(events.filter((e) => e.action === 'notify').map((e) => e.action === 'notify' && e.seconds), [2])
  clock.advance(2000)
  t.equal(c.status, 'done')
  t.equal(c.leftMs(), 0)
  t.equal(clock.timers(), 0, 'no timer left running')
  t.same(events.map((e) => e.action), ['start', 'notify', 'done'])
})

t.test('a server end already past is done at once', async (t) => {
  const clock = fakeClock()
  const c = new Countdown({ endAt: clock.now() - 1 }, clock)
  c.init()
  t.equal(c.status, 'done')
})

t.test('transition rules: stop ignored when stopped, pause ignored when stopped or paused, resume only from paused', async (t) => {
  const clock = fakeClock()
  const c = new Countdown({ seconds: 10 }, clock)
  const events = record(c)
  c.init()
  clock.advance(2000)
  c.resume()
  t.equal(c.status, 'running', 'resume while running is ignored')
  c.pause()
  t.equal(c.status, 'paused')
  clock.advance(5000)
  t.equal(c.leftMs(), 8000, 'paused time does not run')
  c.pause()
  c.resume()
  t.equal(c.status, 'running')
  clock.advance(1000)
  t.equal(c.leftMs(), 7000)
  c.stop()
  t.equal(c.status, 'stopped')
  c.stop()
  c.pause()
  c.resume()
  t.equal(c.status, 'stopped', 'pause and resume do nothing once stopped')
  clock.advance(3000)
  t.equal(c.leftMs(), 7000)
  t.same(events.map((e) => e.action), ['start', 'pause', 'resume', 'stop'], 'ignored calls emit nothing')
  c.restart()
  t.equal(c.status, 'running')
  t.equal(c.leftMs(), 10_000)
})

t.test('demand-start begins paused and starts on resume', async (t) => {
  const clock = fakeClock()
  const c = new Countdown({ seconds: 5, demandStart: true }, clock)
  c.init()
  t.equal(c.status, 'paused')
  clock.advance(3000)
  t.equal(c.leftMs(), 5000)
  c.resume()
  clock.advance(5000)
  t.equal(c.status, 'done')
})

t.test('simple countdown defaults to 60 s and restarts after zero, emitting done each time', async (t) => {
  const clock = fakeClock()
  const c = new Countdown({ repeat: true }, clock)
  let done = 0
  c.on((e) => { if (e.action === 'done') done++ })
  c.init()
  t.equal(c.leftMs(), 60_000)
  clock.advance(60_000)
  t.equal(done, 1)
  t.equal(c.status, 'running')
  t.equal(c.leftMs(), 60_000)
  clock.advance(120_000)
  t.equal(done, 3)
})

t.test('time is anchored to the server: the offset comes from a server timestamp', async (t) => {
  const browserNow = Date.parse('2026-01-07T10:00:00Z')
  const offset = serverOffset('2026-01-07T18:00:05+08:00', browserNow)
  t.equal(offset, 5000, 'server runs five seconds ahead of the browser')
  const clock = fakeClock(browserNow)
  const serverNow = { ...clock, now: () => clock.now() + offset }
  const c = new Countdown({ endAt: Date.parse('2026-01-07T18:30:00+08:00') }, serverNow)
  c.init()
  t.equal(c.leftMs(), 30 * 60_000 - 5000)
  t.throws(() => serverOffset('yesterday', 0), /not an ISO 8601 date/)
})
