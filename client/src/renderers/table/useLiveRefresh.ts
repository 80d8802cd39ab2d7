// A table's live source: its server-sent events make the table read its data again, without a reload.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { TableLive } from '../../../../schemas/widgets.ts'
import { queryKeys } from '../../lib/queries.ts'

/** The wait after an event for more of a burst before reading again, unless the descriptor says. */
export const LIVE_DEBOUNCE_MS = 150

/**
 * Reads every query of the data endpoint again after events: one read at a time, never cancelled by the next event (under a
 * steady stream a slow read would otherwise never finish), and one more once it ends if events came meanwhile.
 */
export function useLiveRefresh (live: TableLive | undefined, dataEndpoint: string): void {
  const client = useQueryClient()
  useEffect(() => {
    if (!live) return
    const source = new EventSource(live.endpoint)
    const wait = live.debounceMs ?? LIVE_DEBOUNCE_MS
    let timer: ReturnType<typeof setTimeout> | undefined
    let dirty = false
    let reading = false
    let closed = false
    const read = async () => {
      reading = true
      for (;;) {
        if (!dirty || closed) break
        dirty = false
        await client.invalidateQueries({ queryKey: [...queryKeys.api, dataEndpoint] }, { cancelRefetch: false }).catch(() => undefined)
      }
      reading = false
    }
    // The first event of a burst starts the wait and the rest join it; events during a read make one more read after it.
    const refresh = () => {
      dirty = true
      if (reading || timer !== undefined) return
      timer = setTimeout(() => {
        timer = undefined
        read().catch(() => undefined)
      }, wait)
    }
    // ready comes on every (re)connection: after the first, events may have been missed while the stream was down.
    let connected = false
    source.addEventListener('ready', () => { if (connected) refresh(); connected = true })
    source.addEventListener('change', refresh)
    return () => {
      closed = true
      clearTimeout(timer)
      source.close()
    }
  }, [live, dataEndpoint, client])
}
