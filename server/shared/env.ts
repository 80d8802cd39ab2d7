import { Type, type Static } from 'typebox'
import { Value } from 'typebox/value'
import { MIN_POOL_SIZE } from './pool-size.ts'

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
const Port = Type.Integer({ minimum: 0, maximum: 65535, description: 'a whole number from 0 to 65535' })
// A hop count, or a comma list of addresses, CIDR ranges and proxy-addr's names (loopback, linklocal, uniquelocal).
const proxyItem = '(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(/\\d{1,3})?)'
const ProxyTrust = (example: string) => Type.String({
  pattern: `^(\\d{1,2}|${proxyItem}(\\s*,\\s*${proxyItem})*)$`,
  description: `a hop count (1, 2, …) or a comma list of proxy addresses or CIDR ranges (e.g. ${example})`
})
const Url = (protocols: string) => Type.String({ pattern: `^(${protocols})://`, description: `a ${protocols.replace(/\|/g, ' or ')} URL` })

/** Every setting the product reads from the environment, with its default. */
export const SettingsSchema = Type.Object({
  PORT: Type.Optional(Port),
  GAME_API_PORT: Type.Optional(Port),
  GAME_API_URL: Type.Optional(Url('http|https')),
  DATABASE_URL: Type.Optional(Url('postgres|postgresql')),
  GAME_API_DATABASE_URL: Type.Optional(Url('postgres|postgresql')),
  DATABASE_POOL_SIZE: Type.Optional(Type.Integer({ minimum: MIN_POOL_SIZE, maximum: 500, description: `a whole number of connections from ${MIN_POOL_SIZE} to 500` })),
  REDIS_URL: Type.Optional(Url('redis|rediss')),
  DATA_DIR: Type.Optional(Type.String({ minLength: 1 })),
  LOG_LEVEL: Type.Optional(Type.Union(logLevels.map((l) => Type.Literal(l)), { description: `one of ${logLevels.join(', ')}` })),
  HOST: Type.Optional(Type.String({ minLength: 1 })),
  SESSION_SECRET: Type.Optional(Type.String({ minLength: 32, description: 'at least 32 characters' })),
  AUDIT_TOKEN: Type.Optional(Type.String({ minLength: 24, description: 'at least 24 characters' })),
  PROXY_TIMEOUT_MS: Type.Optional(Type.Integer({ minimum: 100, description: 'a whole number of milliseconds, 100 or more' })),
  CONFIG_DIR: Type.Optional(Type.String({ minLength: 1, description: 'a directory holding menu.json, pages/, columns/ and i18n/' })),
  TRUST_PROXY: Type.Optional(ProxyTrust('127.0.0.1,10.0.0.0/8')),
  GAME_API_TRUST_PROXY: Type.Optional(ProxyTrust('loopback,10.0.0.5')),
  FRAME_ANCESTORS: Type.Optional(Type.String({ pattern: '^https?://[^\\s;,\'"]+( https?://[^\\s;,\'"]+)*$', description: 'space-separated http(s) origins allowed to frame the embed layout, e.g. https://portal.example.com' })),
  CONFIG_APPROVALS: Type.Optional(Type.Integer({ minimum: 1, maximum: 2, description: '1 (a ConfigEdit holder publishes) or 2 (another ConfigApprove holder approves first)' })),
  CONFIG_SYNC_MS: Type.Optional(Type.Integer({ minimum: 100, maximum: 60000, description: 'how often an instance checks the store for the live config version, in milliseconds (catch-up for a missed publish message)' })),
  OPS_TOKEN: Type.Optional(Type.String({ minLength: 24, description: 'at least 24 characters' })),
  NODE_ENV: Type.Optional(Type.String())
})
export type Settings = Static<typeof SettingsSchema>

/** Settings with their defaults filled in. */
export interface ResolvedSettings extends Omit<Settings, 'LOG_LEVEL' | 'TRUST_PROXY' | 'GAME_API_TRUST_PROXY'> {
  PORT: number
  GAME_API_PORT: number
  DATA_DIR: string
  LOG_LEVEL: (typeof logLevels)[number]
  HOST: string
  PROXY_TIMEOUT_MS: number
  CONFIG_APPROVALS: number
  CONFIG_SYNC_MS: number
  /** Fastify's trustProxy: false (X-Forwarded-* ignored), a hop count, or the proxies' addresses. */
  TRUST_PROXY: false | number | string
  /** The game API trusts only the service in front of it: loopback by default, as the service runs beside it. */
  GAME_API_TRUST_PROXY: false | number | string
}

/** A resolved TRUST_PROXY-style value as Fastify's typed trustProxy option (a hop count becomes the function Fastify itself builds for one). */
export function trustProxyOption (value: false | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value
}

/** A TRUST_PROXY-style value as Fastify's trustProxy takes it: unset is false, digits a hop count, else the address list. */
function proxyTrust (value: string | undefined, fallback: false | string): false | number | string {
  if (value === undefined) return fallback
  return /^\d+$/.test(value) ? Number(value) : value.split(',').map((part) => part.trim()).join(',')
}

const integerKeys = new Set(['PORT', 'GAME_API_PORT', 'DATABASE_POOL_SIZE', 'PROXY_TIMEOUT_MS', 'CONFIG_APPROVALS', 'CONFIG_SYNC_MS'])

/** Reads and validates the environment; throws one error listing every bad value and how to fix it. */
export function loadSettings (env: NodeJS.ProcessEnv = process.env): ResolvedSettings {
  const raw: Record<string, unknown> = {}
  for (const key of Object.keys(SettingsSchema.properties)) {
    const value = env[key]
    if (value === undefined || value === '') continue
    raw[key] = integerKeys.has(key) && /^-?\d+$/.test(value) ? Number(value) : value
  }
  const errors = [...Value.Errors(SettingsSchema, raw)]
  if (errors.length > 0) {
    const lines = errors.map((e) => {
      const key = e.instancePath.replace(/^\//, '')
      const schema = (SettingsSchema.properties as Record<string, { description?: string }>)[key]
      return `  ${key}=${JSON.stringify(raw[key])}: ${schema?.description ? `must be ${schema.description}` : e.message}`
    })
    throw new Error(`Invalid settings in the environment:\n${[...new Set(lines)].join('\n')}`)
  }
  const s = raw as Settings
  return {
    ...s,
    PORT: s.PORT ?? 3000,
    GAME_API_PORT: s.GAME_API_PORT ?? 3100,
    DATA_DIR: s.DATA_DIR ?? './data',
    LOG_LEVEL: (s.LOG_LEVEL as ResolvedSettings['LOG_LEVEL'] | undefined) ?? 'info',
    HOST: s.HOST ?? '127.0.0.1',
    PROXY_TIMEOUT_MS: s.PROXY_TIMEOUT_MS ?? 10_000,
    CONFIG_APPROVALS: s.CONFIG_APPROVALS ?? 1,
    CONFIG_SYNC_MS: s.CONFIG_SYNC_MS ?? 2000,
    TRUST_PROXY: proxyTrust(s.TRUST_PROXY, false),
    GAME_API_TRUST_PROXY: proxyTrust(s.GAME_API_TRUST_PROXY, 'loopback')
  }
}
