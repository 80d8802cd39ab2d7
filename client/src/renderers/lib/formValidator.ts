// react-jsonschema-form's validator on @cfworker/json-schema, which interprets a schema instead of compiling it to code:
// the page's Content-Security-Policy refuses eval, so Ajv (rjsf's default) failed to compile, and tried again, on every change.
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema'
import {
  createErrorHandler, ROOT_SCHEMA_PREFIX, toErrorSchema, unwrapErrorHandler, validationDataMerge, withIdRefPrefix,
  type CustomValidator, type ErrorTransformer, type RJSFSchema, type RJSFValidationError, type UiSchema, type ValidationData, type ValidatorType
} from '@rjsf/utils'

// rjsf's schemas are draft-07 unless they say otherwise, as with its Ajv validator.
const DRAFT = '7'

// A schema's validator, made once per schema object and root (rjsf asks about the same option schemas on every change).
const made = new WeakMap<object, { root: object, validator: Validator }>()

function validatorFor (schema: RJSFSchema, rootSchema: RJSFSchema): Validator {
  const known = made.get(schema)
  if (known?.root === rootSchema) return known.validator
  // Refs into the root (#/definitions/…) are rewritten by rjsf's helper to name the root, which is added under that name.
  const validator = new Validator(withIdRefPrefix(schema) as Schema, DRAFT, false)
  validator.addSchema(rootSchema as Schema, ROOT_SCHEMA_PREFIX)
  made.set(schema, { root: rootSchema, validator })
  return validator
}

/** One failed keyword as rjsf's error: its property is the instance path in dots (.Lines.0.Type), '' for the root. */
function toRjsfError (unit: OutputUnit): RJSFValidationError {
  const property = unit.instanceLocation.replace(/^#/, '').replace(/\//g, '.')
  return { name: unit.keyword, property, message: unit.error, schemaPath: unit.keywordLocation, stack: `${property} ${unit.error}`.trim() }
}

export const formValidator: ValidatorType = {
  isValid (schema, formData, rootSchema) {
    return validatorFor(schema, rootSchema).validate(formData).valid
  },
  rawValidation<Result = unknown> (schema: RJSFSchema, formData?: unknown) {
    return { errors: validatorFor(schema, schema).validate(formData).errors as Result[] }
  },
  validateFormData (formData: unknown, schema: RJSFSchema, customValidate?: CustomValidator, transformErrors?: ErrorTransformer, uiSchema?: UiSchema): ValidationData<unknown> {
    const units = validatorFor(schema, schema).validate(formData).errors
    // Only the keywords that failed themselves, as Ajv reports: not the "a subschema had errors" above each of them.
    const found = units.filter((u) => !units.some((o) => o.keywordLocation.startsWith(`${u.keywordLocation}/`))).map(toRjsfError)
    const errors = transformErrors ? transformErrors(found, uiSchema) : found
    const checked = { errors, errorSchema: toErrorSchema(errors) }
    if (!customValidate) return checked
    return validationDataMerge(checked, unwrapErrorHandler(customValidate(formData, createErrorHandler(formData), uiSchema, checked.errorSchema)))
  }
}
