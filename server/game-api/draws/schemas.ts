// Answer schemas of the draws routes (betting and reports answer draws too).
import { Type } from 'typebox'

/** A draw. */
export const DrawSchema = Type.Object({
  DrawId: Type.Integer(),
  Game: Type.Union([Type.Literal('4D'), Type.Literal('TOTO')]),
  DrawDate: Type.String(),
  CloseDate: Type.String(),
  Series: Type.String(),
  Special: Type.Boolean(),
  IsFinalised: Type.Boolean(),
  HasResult: Type.Boolean(),
  OpenDate: Type.Union([Type.String(), Type.Null()], { description: 'when betting opens (null: open from creation)' }),
  CloseTime: Type.String({ description: 'HH:mm GMT+8 on the draw date' }),
  ClosedByHand: Type.Boolean(),
  Status: Type.Union([Type.Literal('pending'), Type.Literal('open'), Type.Literal('closed'), Type.Literal('result'), Type.Literal('finalised')])
})

/** A draw with its result (null before it is entered). */
export const DrawResultSchema = Type.Object({ ...DrawSchema.properties, Result: Type.Union([Type.Null(), Type.Record(Type.String(), Type.Unknown())]) })
