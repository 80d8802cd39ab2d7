// The countdown state machine of seed 001 §4, free of React and of the browser clock so it can run on a fake clock in tests.
import type { NotifyConfig } from '../../../../schemas/widgets.ts'

/** Timer states: running, paused (also the demand-start state), stopped, done. */
export type CountdownStatus = 'running' | 'paused' | 'stopped' | 'done'

/** What a countdown reports: every state change, each notify point crossed (seconds), every tick. */
export type CountdownEvent =
  | { action: 'start' | 'pause' | 'resume' | 'stop' | 'restart' | 'done' | 'tick', leftMs: number, status: CountdownStatus }
  | { action: 'notify', leftMs: number, status: CountdownStatus, seconds: number }

/** Time and timers, injected: the browser passes server-anchored time, tests pass a fake clock. */
export interface CountdownHost {
  now: () => number
  setInterval: (fn: () => void, ms: number) => unknown
  clearInterval: (handle: unknown) => void
}

export interface CountdownOptions {
  // Absolute end in server milliseconds (server mode) …
  endAt?: number
  // … or seconds per round (simple mode, default 60), repeating after zero when repeat is set.
  seconds?: number
  repeat?: boolean
  notify?: NotifyConfig
  demandStart?: boolean
  format?: string
}

export const DEFAULT_FORMAT = 'HH:mm:ss'
export const DEFAULT_SIMPLE_SECONDS = 60
export const NOTIFY_ERROR = 'The notify config must be a positive integer.'

/** Normalises the notify config to a sorted list of seconds; any point below 1 is rejected with the seed's message. */
export function parseNotify (notify: NotifyConfig | undefined): number[] {
  if (notify === undefined) return []
  const points = Array.isArray(notify) ? notify : [notify]
  for (const p of points) if (!Number.isFinite(p) || p < 1) throw new Error(NOTIFY_ERROR)
  return [...new Set(points)].sort((a, b) => b - a)
}

/** 100 ms ticks when the format shows tenths (S), else 1000 ms. */
export function tickInterval (format: string): number {
  return format.includes('S') ? 100 : 1000
}

const pad = (n: number, width: number) => String(n).padStart(width, '0')

/** Formats a duration with HH/H (total hours), mm/m, ss/s, and S/SS/SSS fractions, as UTC (+0000) like the legacy widget. */
export function formatDuration (ms: number, format = DEFAULT_FORMAT): string {
  const left = Math.max(0, Math.floor(ms))
  const hours = Math.floor(left / 3_600_000)
  const minutes = Math.floor(left / 60_000) % 60
  const seconds = Math.floor(left / 1000) % 60
  const millis = left % 1000
  return format.replace(/HH|H|mm|m|ss|s|SSS|SS|S/g, (token) => {
    switch (token) {
      case 'HH': return pad(hours, 2)
      case 'H': return String(hours)
      case 'mm': return pad(minutes, 2)
      case 'm': return String(minutes)
      case 'ss': return pad(seconds, 2)
      case 's': return String(seconds)
      case 'SSS': return pad(millis, 3)
      case 'SS': return pad(Math.floor(millis / 10), 2)
      default: return String(Math.floor(millis / 100))
    }
  })
}

/** Server time as the browser can know it: the offset between a server timestamp and the browser clock when it arrived. */
export function serverOffset (serverIso: string, receivedAt: number): number {
  const server = Date.parse(serverIso)
  if (Number.isNaN(server)) throw new Error(`Server time "${serverIso}" is not an ISO 8601 date.`)
  return server - receivedAt
}

/** One countdown: start, pause, resume, stop, restart with the seed's transition rules; emits events to its listeners. */
export class Countdown {
  status: CountdownStatus = 'paused'
  readonly tickMs: number
  readonly format: string
  private readonly notifyPoints: number[]
  private readonly host: CountdownHost
  private readonly options: CountdownOptions
  private endAt = 0
  private pausedLeft = 0
  private lastLeft = 0
  private timer: unknown = undefined
  private readonly listeners = new Set<(event: CountdownEvent) => void>()

  constructor (options: CountdownOptions, host: CountdownHost) {
    this.options = options
    this.host = host
    this.format = options.format ?? DEFAULT_FORMAT
    this.tickMs = tickInterval(this.format)
    this.notifyPoints = parseNotify(options.notify)
  }

  /** Adds a listener; returns the function that removes it. */
  on (listener: (event: CountdownEvent) => void): () => void {
    this.listeners.add(listener)
    return () => { this.listeners.delete(listener) }
  }

  /** Starts (or, with demandStart, arms paused); a server countdown already past its end is done at once. */
  init (): void {
    this.setRound()
    this.lastLeft = this.leftNow()
    if (this.options.demandStart) {
      this.pausedLeft = this.lastLeft
      this.status = 'paused'
      return
    }
    this.status = 'running'
    this.emit('start')
    this.tick()
    if (this.status === 'running') this.schedule()
  }

  /** Milliseconds left, frozen while paused or stopped. */
  leftMs (): number {
    if (this.status === 'running') return Math.max(0, this.leftNow())
    if (this.status === 'done') return 0
    return this.pausedLeft
  }

  /** Ignored when stopped or already paused. */
  pause (): void {
    if (this.status === 'stopped' || this.status === 'paused') return
    this.pausedLeft = this.leftMs()
    this.status = 'paused'
    this.unschedule()
    this.emit('pause')
  }

  /** Only from paused (this is also how a demand-started countdown begins). */
  resume (): void {
    if (this.status !== 'paused') return
    this.endAt = this.host.now() + this.pausedLeft
    this.status = 'running'
    this.emit('resume')
    this.tick()
    if (this.status === 'running') this.schedule()
  }

  /** Ignored when already stopped; freezes the time left. */
  stop (): void {
    if (this.status === 'stopped') return
    this.pausedLeft = this.leftMs()
    this.status = 'stopped'
    this.unschedule()
    this.emit('stop')
  }

  /** Back to a full round (or the server end), running unless demand-started. */
  restart (): void {
    this.unschedule()
    this.emit('restart')
    this.init()
  }

  /** Stops the timer for good (component unmount). */
  dispose (): void {
    this.unschedule()
    this.listeners.clear()
  }

  /** One clock step: notify points crossed, then done at zero (a repeating countdown starts its next round). */
  tick (): void {
    if (this.status !== 'running') return
    const left = Math.max(0, this.leftNow())
    for (const p of this.notifyPoints) {
      const at = p * 1000
      if (this.lastLeft > at && left <= at) this.emitNotify(p, left)
    }
    this.lastLeft = left
    if (left > 0) {
      this.emit('tick')
      return
    }
    if (this.options.repeat && this.options.endAt === undefined) {
      this.status = 'done'
      this.emit('done')
      this.setRound()
      this.lastLeft = this.leftNow()
      this.status = 'running'
      this.emit('tick')
      return
    }
    this.status = 'done'
    this.unschedule()
    this.emit('done')
  }

  private setRound (): void {
    this.endAt = this.options.endAt ?? this.host.now() + (this.options.seconds ?? DEFAULT_SIMPLE_SECONDS) * 1000
  }

  private leftNow (): number {
    return this.endAt - this.host.now()
  }

  private schedule (): void {
    this.unschedule()
    this.timer = this.host.setInterval(() => this.tick(), this.tickMs)
  }

  private unschedule (): void {
    if (this.timer !== undefined) this.host.clearInterval(this.timer)
    this.timer = undefined
  }

  private emit (action: Exclude<CountdownEvent['action'], 'notify'>): void {
    const event: CountdownEvent = { action, leftMs: this.leftMs(), status: this.status }
    for (const l of this.listeners) l(event)
  }

  private emitNotify (seconds: number, leftMs: number): void {
    const event: CountdownEvent = { action: 'notify', leftMs, status: this.status, seconds }
    for (const l of this.listeners) l(event)
  }
}
