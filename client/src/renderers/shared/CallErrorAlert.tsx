import { GENERIC_ERROR_KEY, shownMessage } from '../../lib/errors.ts'
import { Alert } from './Alert.tsx'

/** A failed call shown per the seed's rule: server message, else HTTP text, else the generic sentence (translated). */
export function CallErrorAlert ({ error }: { error: unknown }) {
  return <Alert type='error' message={shownMessage(error) ?? GENERIC_ERROR_KEY} />
}
