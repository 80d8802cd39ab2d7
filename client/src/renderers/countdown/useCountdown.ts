// Countdown widget state: the pure Countdown on server-anchored time, re-rendered on its events.
import { useEffect, useState } from 'react'
import { Countdown, type CountdownOptions, type CountdownStatus } from '../lib/countdown.ts'

export interface CountdownView { status: CountdownStatus, leftMs: number, error: string | null, countdown: Countdown | null }

/** Runs a countdown while mounted; offsetMs turns browser time into server time. options null = not known yet. */
export function useCountdown (options: CountdownOptions | null, offsetMs: number, onEvent?: (action: string) => void): CountdownView {
  const [view, setView] = useState<CountdownView>({ status: 'paused', leftMs: 0, error: null, countdown: null })
  const key = JSON.stringify(options)
  useEffect(() => {
    if (!options) return
    let countdown: Countdown
    try {
      countdown = new Countdown(options, {
        now: () => Date.now() + offsetMs,
        setInterval: (fn, ms) => window.setInterval(fn, ms),
        clearInterval: (h) => window.clearInterval(h as number)
      })
    } catch (e) {
      setView({ status: 'stopped', leftMs: 0, error: (e as Error).message, countdown: null })
      return
    }
    countdown.on((e) => {
      setView({ status: countdown.status, leftMs: countdown.leftMs(), error: null, countdown })
      if (e.action !== 'tick') onEvent?.(e.action === 'notify' ? `notify:${e.seconds}` : e.action)
    })
    countdown.init()
    setView({ status: countdown.status, leftMs: countdown.leftMs(), error: null, countdown })
    return () => countdown.dispose()
    // options are compared by their JSON (key); onEvent is read on each event only.
  }, [key, offsetMs])
  return view
}
