import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { Value } from 'typebox/value'
import { Brand, type BrandLogo, type PublicBrand, type PublicLogo } from '../../../../schemas/brand.ts'
import { fromRoot } from '../../../shared/paths.ts'

/** The shipped brands folder: one <key>.json per brand and assets/<key>/. */
export const defaultBrandsDir = fromRoot('brands')

/** Every brand of a folder, indexed by host, with the one served to unknown hosts. */
export interface BrandCatalogue {
  dir: string
  brands: Brand[]
  byHost: Map<string, Brand>
  fallback: Brand
}

/** A brand file that cannot be served; the message names the file, the JSON pointer and the fix. */
export class BrandConfigError extends Error {
  code = 'BRAND_CONFIG_INVALID'
  constructor (readonly file: string, readonly pointer: string, detail: string) {
    super(`${file}${pointer ? ` at ${pointer}` : ''}: ${detail}`)
    this.name = 'BrandConfigError'
  }
}

/** Reads and validates every brands/*.json of dir: schema, assets present, unique keys and hosts, exactly one default. */
export function loadBrands (dir: string): BrandCatalogue {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
  const brands: Brand[] = []
  const byHost = new Map<string, Brand>()
  const keys = new Map<string, string>()
  const hostFiles = new Map<string, string>()
  let fallback: Brand | undefined
  let fallbackFile = ''
  for (const file of files) {
    let doc: unknown
    try {
      doc = JSON.parse(readFileSync(join(dir, file), 'utf8'))
    } catch (error) {
      throw new BrandConfigError(file, '', `is not valid JSON (${(error as Error).message}); fix the syntax`)
    }
    const first = Value.Errors(Brand, doc).find((e) => e.keyword !== 'boolean') ?? Value.Errors(Brand, doc)[0]
    if (first) throw new BrandConfigError(file, first.instancePath, `${first.message}; see schemas/brand.schema.json`)
    const brand = doc as Brand
    const folder = brand.key.toLowerCase()
    if (keys.has(folder)) throw new BrandConfigError(file, '/key', `key ${brand.key} is already used by ${keys.get(folder)}; give each brand its own key`)
    keys.set(folder, file)
    if (brand.logo && !existsSync(join(dir, 'assets', folder, brand.logo.file))) {
      throw new BrandConfigError(file, '/logo/file', `assets/${folder}/${brand.logo.file} does not exist; add the logo or set logo to null`)
    }
    if (brand.logoZh && !existsSync(join(dir, 'assets', folder, brand.logoZh.file))) {
      throw new BrandConfigError(file, '/logoZh/file', `assets/${folder}/${brand.logoZh.file} does not exist; add the logo or remove logoZh`)
    }
    if (!existsSync(join(dir, 'assets', brand.style, 'style.css'))) {
      throw new BrandConfigError(file, '/style', `assets/${brand.style}/style.css does not exist; add the style sheet or name an existing style folder`)
    }
    for (const host of brand.hosts) {
      const other = hostFiles.get(host)
      if (other) throw new BrandConfigError(file, '/hosts', `host ${host} is already served by ${other}; a host belongs to one brand`)
      hostFiles.set(host, file)
      byHost.set(host, brand)
    }
    if (brand.default) {
      if (fallback) throw new BrandConfigError(file, '/default', `${fallbackFile} is already the default brand; only one brand may set default`)
      fallback = brand
      fallbackFile = file
    }
    brands.push(brand)
  }
  if (!fallback) throw new BrandConfigError(dir, '', 'no brand sets "default": true; mark the brand served to unknown hosts')
  return { dir, brands, byHost, fallback }
}

/** The brand for a Host header value (port and case ignored), else the default brand. */
export function pickBrand (catalogue: BrandCatalogue, hostHeader: string | undefined): Brand {
  const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '').replace(/^\[|\]$/g, '')
  return catalogue.byHost.get(host) ?? catalogue.fallback
}

const publicLogo = (folder: string, logo: BrandLogo): PublicLogo => ({ url: `/brands/assets/${folder}/${logo.file}`, width: logo.width, height: logo.height })

/** What the sign-in screen receives: asset URLs instead of file names. */
export function publicBrand (brand: Brand): PublicBrand {
  const folder = brand.key.toLowerCase()
  return {
    key: brand.key,
    name: brand.name,
    ...(brand.nameZh === undefined ? {} : { nameZh: brand.nameZh }),
    logo: brand.logo ? publicLogo(folder, brand.logo) : null,
    ...(brand.logoZh === undefined ? {} : { logoZh: publicLogo(folder, brand.logoZh) }),
    button: brand.button,
    styleUrl: `/brands/assets/${brand.style}/style.css`,
    ...(brand.theme === undefined ? {} : { theme: brand.theme }),
    switches: brand.switches
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The brands loaded at start (GET /ui/brand picks from them). */
    brands: BrandCatalogue
  }
}

/** Loads the brands folder once at start; an invalid brand stops the start with its file and pointer. */
async function brands (app: FastifyInstance, options: { dir?: string }) {
  app.decorate('brands', loadBrands(options.dir ?? defaultBrandsDir))
}

export default fp(brands, { name: 'brands' })
