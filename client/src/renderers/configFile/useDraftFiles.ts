// What every form editor of a config draft shares: the draft (the same query the file editor reads) and a save of several of
// its files as one revision (PATCH), with what a refusal means (its problems at file#pointer, or someone saved since).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ConfigDraft } from '../../../../schemas/config-versions.ts'
import type { ConfigFileWidget } from '../../../../schemas/widgets.ts'
import { call } from '../../lib/api.ts'
import { queryKeys } from '../../lib/queries.ts'
import { useBindingScope } from '../context.tsx'
import { resolveSource } from '../lib/binding.ts'
import { draftEndpoint, draftFilesEndpoint, draftIdOf, saveRefusal, type FilesPayload } from '../lib/configFileModel.ts'

/** The draft a widget edits (from its draftFrom), read once for every editor of the page. */
export function useDraft (draftFrom: ConfigFileWidget['draftFrom']) {
  const scope = useBindingScope()
  const draftId = draftIdOf(resolveSource(draftFrom, scope))
  const endpoint = draftId === undefined ? '' : draftEndpoint(draftId)
  const draft = useQuery({ queryKey: queryKeys.apiCall(endpoint), queryFn: () => call<ConfigDraft>('GET', endpoint), enabled: draftId !== undefined })
  return {
    draftId,
    endpoint,
    draft: draft.data,
    loading: draftId !== undefined && draft.status === 'pending',
    loadError: draft.status === 'error' ? draft.error : null,
    readOnly: draft.data !== undefined && draft.data.state !== 'open',
    refetch: async () => { await draft.refetch() }
  }
}

/** Saves several files of the draft as one revision; onSaved runs once the draft as saved is the page's. */
export function useDraftFilesSave (draftId: number | undefined, endpoint: string, onSaved: () => void) {
  const client = useQueryClient()
  const save = useMutation({
    mutationFn: (payload: FilesPayload) => call<ConfigDraft>('PATCH', draftFilesEndpoint(draftId ?? 0), payload),
    onSuccess: async (answer) => {
      client.setQueryData(queryKeys.apiCall(endpoint), answer)
      onSaved()
      // The drafts list (its revision) and any other read of the page may show what changed.
      await client.invalidateQueries({ queryKey: queryKeys.api })
    }
  })
  const refusal = save.status === 'error' ? saveRefusal(save.error) : undefined
  return {
    saving: save.isPending,
    savedRevision: save.status === 'success' ? save.data.revision : undefined,
    refusal,
    saveError: refusal?.kind === 'failed' ? save.error : null,
    send: (payload: FilesPayload) => save.mutate(payload),
    reset: () => { if (save.status !== 'idle') save.reset() }
  }
}
