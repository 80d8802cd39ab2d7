import type { Multipart } from '@fastify/multipart'
import { isServiceOwned } from './upstream.ts'

/** Limits of a multipart body the proxy forwards: the game API takes a bet file of at most 1 MiB. */
export const MULTIPART_LIMITS = { fileSize: 1024 * 1024, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21 }

/** A multipart body rebuilt for upstream: the client's parts in order without its LocId, then the session's LocId. */
export async function upstreamMultipart (parts: AsyncIterable<Multipart>, locId: string): Promise<{ body: Buffer, contentType: string, files: string[] }> {
  const form = new FormData()
  const files: string[] = []
  for await (const part of parts) {
    if (part.type === 'file') {
      // Read whole (at most fileSize): the parser goes on to the next part only once this one is consumed.
      const content = await part.toBuffer()
      if (isServiceOwned(part.fieldname)) continue
      form.append(part.fieldname, new Blob([new Uint8Array(content)], { type: part.mimetype }), part.filename)
      files.push(part.filename)
    } else if (!isServiceOwned(part.fieldname)) {
      form.append(part.fieldname, String(part.value))
    }
  }
  form.append('LocId', locId)
  // The platform's own encoder writes the body and its boundary.
  const encoded = new Request('http://upstream.invalid/', { method: 'POST', body: form })
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? 'multipart/form-data', files }
}
