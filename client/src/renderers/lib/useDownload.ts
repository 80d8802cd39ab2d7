// One download for a page's header and a table's rows: the call's answer (a text file such as an .ara) saved under its name.
import { useMutation } from '@tanstack/react-query'
import type { HttpMethod } from '../../../../schemas/widgets.ts'
import { callData } from '../../lib/api.ts'
import { withQuery } from './binding.ts'
import { downloadText } from './download.ts'
import { DEFAULT_ARA_NAME } from './exports.ts'

export interface DownloadCall {
  method: HttpMethod
  endpoint: string
  params: Record<string, string | number | boolean>
  fileName?: string | undefined
}

/** Calls (query for GET and DELETE, body otherwise) and saves the text answered; a failed call is the mutation's error. Nothing is reloaded: a download changes nothing. */
export function useDownload () {
  return useMutation({
    mutationFn: async ({ method, endpoint, params, fileName }: DownloadCall) => {
      const answer = method === 'GET' || method === 'DELETE'
        ? await callData(method, withQuery(endpoint, params))
        : await callData(method, endpoint, params)
      // A text answer is read as text by the client (it is not JSON); anything else is saved as the JSON it was.
      const text = typeof answer === 'string' ? answer : answer === undefined ? '' : JSON.stringify(answer)
      downloadText(text, fileName ?? DEFAULT_ARA_NAME, 'text/plain;charset=utf-8')
    }
  })
}
