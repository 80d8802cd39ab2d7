// A table's live source: its server-sent events make the table read its data again, without a reload.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { TableLive } from '../../../../schemas/widgets.ts'
import { queryKeys } from '../../lib/queries.ts'

/** The wait after an event for more of a burst before reading again, unless the descriptor says. */
export const LIVE_DEBOUNCE_MS = 150

/** Reads every query of the data endpoint again after events (once per debounceMs however many came); the stream closes with the table. */
export function useLiveRefresh (live: TableLive | undefined, dataEndpoint: string): void {
  const client = useQueryClient()
  useEffect(() => {
    if (!live) return
    const source = new EventSource(live.endpoint)
    let timer: ReturnType<typeof setTimeout> | undefined
    // The first event of a burst starts the wait and the rest join it: under a steady stream the table still reads every debounceMs.
    const refresh = () => {
      if (timer !== undefined) return
      timer = setTimeout(() => {
        timer = undefined
        client.invalidateQueries({ queryKey: [...queryKeys.api, dataEndpoint] }).catch(() => undefined)
      }, live.debounceMs ?? LIVE_DEBOUNCE_MS)
    }
    // ready comes on every (re)connection: after the first, events may have been missed while the stream was down.
    let connected = false
    source.addEventListener('ready', () => { if (connected) refresh(); connected = true })
    source.addEventListener('change', refresh)
    return () => {
      clearTimeout(timer)
      source.close()
    }
  }, [live, dataEndpoint, client])
}
