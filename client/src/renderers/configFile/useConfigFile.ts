// The config file editor's state: the draft (a query), the file shown, the operator's unsaved texts (each with the revision it was
// read at: its save is refused, never written over someone's later save), their problems as typed, and the save.
import { useDeferredValue, useMemo, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ConfigDraft } from '../../../../schemas/config-versions.ts'
import type { ConfigFileWidget } from '../../../../schemas/widgets.ts'
import { call } from '../../lib/api.ts'
import { queryKeys } from '../../lib/queries.ts'
import { useBindingScope } from '../context.tsx'
import { resolveSource } from '../lib/binding.ts'
import {
  chosenPath, configSchemaNameOf, draftEndpoint, draftFilesEndpoint, draftIdOf, editsAfterSave, fileGroups, savePayload, saveRefusal, shownFile,
  textProblems, typedEdit, type FileEdit, type SavePayload
} from '../lib/configFileModel.ts'
import { loadConfigSchema } from './configSchemas.ts'

const without = (edits: Readonly<Record<string, FileEdit>>, path: string) => Object.fromEntries(Object.entries(edits).filter(([p]) => p !== path))

/** Everything the editor draws, and what its controls do. */
export function useConfigFile (widget: ConfigFileWidget) {
  const scope = useBindingScope()
  const client = useQueryClient()
  const draftId = draftIdOf(resolveSource(widget.draftFrom, scope))
  const requested = widget.pathFrom ? resolveSource(widget.pathFrom, scope) : undefined
  const endpoint = draftId === undefined ? '' : draftEndpoint(draftId)
  // Keyed as the other reads of the page: a navigation or any write reads it again.
  const draft = useQuery({ queryKey: queryKeys.apiCall(endpoint), queryFn: () => call<ConfigDraft>('GET', endpoint), enabled: draftId !== undefined })
  const [picked, setPicked] = useState<string>()
  const [edits, setEdits] = useState<Readonly<Record<string, FileEdit>>>({})

  const files = draft.data?.files
  const paths = useMemo(() => Object.keys(files ?? {}).sort(), [files])
  const path = chosenPath(paths, picked, requested)
  // Unsaved text stays at the revision it was read at; without any, the file follows the draft as it is read again.
  const shown = shownFile(path === undefined ? undefined : edits[path], path === undefined ? undefined : files?.[path], draft.data?.revision ?? 0)
  const { text, dirty } = shown

  const schemaName = path === undefined ? undefined : configSchemaNameOf(path)
  const schema = useQuery({ queryKey: queryKeys.configSchema(schemaName ?? ''), queryFn: () => loadConfigSchema(schemaName!), enabled: schemaName !== undefined, staleTime: Infinity })
  // Checked a moment behind the typing on a big file, never holding a key press back.
  const checkedText = useDeferredValue(text)
  const schemaReady = schemaName === undefined || schema.data !== undefined
  const problems = useMemo(() => textProblems(checkedText, schemaName === undefined ? undefined : schema.data), [checkedText, schemaName, schema.data])

  const save = useMutation({
    mutationFn: (payload: SavePayload) => call<ConfigDraft>('PUT', draftFilesEndpoint(draftId ?? 0), payload),
    onSuccess: async (answer, payload) => {
      client.setQueryData(queryKeys.apiCall(endpoint), answer)
      // Typed on while the save was under way: that newer text stays unsaved, now over the text saved.
      setEdits((current) => editsAfterSave(current, payload, answer.revision))
      // The drafts list (its revision) and any other read of the page may show what changed.
      await client.invalidateQueries({ queryKey: queryKeys.api })
    }
  })
  const refusal = save.status === 'error' ? saveRefusal(save.error) : undefined

  return {
    draftId,
    draft: draft.data,
    loading: draftId !== undefined && draft.status === 'pending',
    loadError: draft.status === 'error' ? draft.error : null,
    readOnly: draft.data !== undefined && draft.data.state !== 'open',
    groups: fileGroups(paths),
    path,
    text,
    dirty,
    problems,
    // Until its schema has arrived a file is checked as JSON only.
    schemaChecked: schemaReady,
    saving: save.isPending,
    savedRevision: save.status === 'success' ? save.data.revision : undefined,
    refusal,
    saveError: refusal?.kind === 'failed' ? save.error : null,
    choose: (next: string) => { setPicked(next); save.reset() },
    edit: (next: string) => {
      if (path === undefined) return
      setEdits((current) => ({ ...current, [path]: typedEdit(current[path], next, shown) }))
      if (save.status === 'success') save.reset()
    },
    save: () => {
      if (path !== undefined && draft.data !== undefined && dirty) save.mutate(savePayload(path, text, shown.revision))
    },
    // After a refused stale save: the draft as it is now, this file's unsaved text given up (the service asks for the change again).
    reload: async () => {
      if (path !== undefined) setEdits((current) => without(current, path))
      save.reset()
      await draft.refetch()
    }
  }
}
