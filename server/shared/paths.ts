import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// This file and the production bundles (dist/server/*.js) both sit two folders below the checkout's root,
// so the paths below hold whether the servers run from source (npm start) or from the bundles (the image).
const root = fileURLToPath(new URL('../../', import.meta.url))

/** A path inside the checkout (or the image's /app), e.g. fromRoot('menus'). */
export const fromRoot = (...parts: string[]): string => join(root, ...parts)
