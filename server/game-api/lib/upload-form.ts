// A multipart upload as the use cases take it: the form's fields and the one file sent as `file`.
import type { FastifyRequest } from 'fastify'

/** What an upload form sent: its fields, and the one file sent as `file` (none when the form held no file). */
export interface UploadForm { fields: Record<string, string>, file: { name: string, content: Buffer } | undefined }

/** Reads a multipart request's fields and its `file` (the use case refuses a form without one; a non-multipart request sends nothing). */
export async function readUploadForm (request: FastifyRequest): Promise<UploadForm> {
  const fields: Record<string, string> = {}
  let file: UploadForm['file']
  if (!request.isMultipart()) return { fields, file }
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const content = await part.toBuffer()
      if (part.fieldname === 'file') file = { name: part.filename, content }
    } else {
      fields[part.fieldname] = String(part.value)
    }
  }
  return { fields, file }
}
