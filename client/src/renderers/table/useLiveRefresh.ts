// A table's live source: its server-sent events make the table read its data again, without a reload.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { TableLive } from '../../../../schemas/widgets.ts'
import { queryKeys } from '../../lib/queries.ts'

/** The wait after an event for more of a burst before reading again, unless the descriptor says. */
export const LIVE_DEBOUNCE_MS = 150

/** Reads every query of the data endpoint again after each event (once per burst); the stream closes with the table. */
export function useLiveRefresh (live: TableLive | undefined, dataEndpoint: string): void {
  const client = useQueryClient()
  useEffect(() => {
    if (!live) return
    const source = new EventSource(live.endpoint)
    let timer: ReturnType<typeof setTimeout> | undefined
    const refresh = () => {
      clearTimeout(timer)
      timer = setTimeout(() => { client.invalidateQueries({ queryKey: [...queryKeys.api, dataEndpoint] }).catch(() => undefined) }, live.debounceMs ?? LIVE_DEBOUNCE_MS)
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
