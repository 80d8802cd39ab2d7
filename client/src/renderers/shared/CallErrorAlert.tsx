import { useErrorText, type FieldLabeller } from '../../lib/useErrorText.ts'
import { Alert } from './Alert.tsx'

/** A failed call in the user's language (see useErrorText); a form passes how it names its fields. */
export function CallErrorAlert ({ error, labelField }: { error: unknown, labelField?: FieldLabeller }) {
  const errorText = useErrorText()
  return <Alert type='error' message={errorText(error, labelField)} />
}
