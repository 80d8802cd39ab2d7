import { errorMessage, type CallError } from '../lib/errors.ts'
import { Alert } from './Alert.tsx'

/** A failed call shown per the seed's rule: server message, else HTTP text, else the generic sentence. */
export function CallErrorAlert ({ error }: { error: CallError }) {
  const shown = errorMessage(error)
  return <Alert type='error' message={'text' in shown ? shown.text : shown.key} />
}
