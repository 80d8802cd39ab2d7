// POST bet/page/uploadPartner: a partner's bets file, stored as Bet Upload stores a file, naming the distributor it came from.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import multipart from '@fastify/multipart'
import type { Game } from '../../../../schemas/game/index.ts'
import { envelope, ok } from '../../lib/envelope.ts'
import { readUploadForm } from '../../lib/upload-form.ts'
import { callerOf } from '../../plugins/auth.ts'
import { MAX_FILE_BYTES } from '../../betting/api.ts'
import { FileSchema } from '../../betting/schemas.ts'
import { uploadPartnerFile } from '../api.ts'

const partnerFileRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 20 } })
  app.post('/bet/page/uploadPartner', { schema: { response: envelope(FileSchema) } },
    async (request) => ok(await uploadPartnerFile(app.db, callerOf(request), { game, form: await readUploadForm(request) })))
}

export default partnerFileRoutes
