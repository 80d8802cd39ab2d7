import { Type } from 'typebox'

// Field conditions: typed rules over a form's own values (visibleWhen, requiredWhen), never expression strings.
// The one evaluator is schemas/domain/field-conditions.ts, shared by the client's form rules and any server check.

const Scalar = Type.Union([Type.String(), Type.Number(), Type.Boolean()])

/** A condition on other fields' values: exactly one of field+equals, field+in, field+has (a list holds the value), all, any, not. */
export const FieldCondition = Type.Cyclic({
  FieldCondition: Type.Union([
    Type.Object({ field: Type.String({ minLength: 1, description: 'the other field' }), equals: Scalar }, { additionalProperties: false }),
    Type.Object({ field: Type.String({ minLength: 1, description: 'the other field' }), in: Type.Array(Scalar, { minItems: 1 }) }, { additionalProperties: false }),
    Type.Object({ field: Type.String({ minLength: 1, description: 'the other field, a list (checkboxes, multiselect)' }), has: Scalar }, { additionalProperties: false }),
    Type.Object({ all: Type.Array(Type.Ref('FieldCondition'), { minItems: 1, description: 'true when every condition is true' }) }, { additionalProperties: false }),
    Type.Object({ any: Type.Array(Type.Ref('FieldCondition'), { minItems: 1, description: 'true when one condition is true' }) }, { additionalProperties: false }),
    Type.Object({ not: Type.Ref('FieldCondition') }, { additionalProperties: false })
  ], { description: 'a field condition: { field, equals } | { field, in } | { field, has } | { all } | { any } | { not }' })
}, 'FieldCondition')
export type FieldCondition =
  | { field: string, equals: string | number | boolean }
  | { field: string, in: Array<string | number | boolean> }
  | { field: string, has: string | number | boolean }
  | { all: FieldCondition[] }
  | { any: FieldCondition[] }
  | { not: FieldCondition }
