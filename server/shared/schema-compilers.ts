import { AjvCompiler } from '@fastify/ajv-compiler'
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'

// Fastify's own schema compilers, made lazy: a route's validator and serializer are compiled when the route is first
// called, not when the app starts. Compiling every route of both apps at start was most of a boot (the game API registers
// its routes twice, under 4d/ and tt/), and a process usually calls few of them. One pool per process, so apps built again
// in the same process reuse Ajv's compiled schemas.

type Compiled = ((...args: unknown[]) => unknown) & { errors?: unknown }

/** The compiles not yet run: compileAllSchemas runs them, so a test can prove every route's schemas compile. */
const pending = new Set<() => void>()

/** A function that compiles itself on first call and then stands for what it compiled (errors copied for Fastify's validation). */
function lazy (compile: () => Compiled): Compiled {
  let compiled: Compiled | undefined
  const build = () => { compiled ??= compile(); pending.delete(build); return compiled }
  pending.add(build)
  const run: Compiled = function (this: unknown, ...args: unknown[]) {
    const fn = compiled ?? build()
    const result = fn.apply(this, args)
    run.errors = fn.errors
    return result
  }
  return run
}

const validators = AjvCompiler()
const serializers = SerializerSelector()

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>

type Pool = (externalSchemas: unknown, options: unknown) => (route: unknown) => Compiled
/** A compiler pool whose compilers answer lazy functions. */
const lazyPool = (pool: Pool): Pool => (externalSchemas, options) => {
  const compiler = pool(externalSchemas, options)
  return (route) => lazy(() => compiler(route))
}

/** Fastify's schemaController.compilersFactory for both apps (its types want Ajv's own function type, which lazy stands in for). */
export const lazySchemaCompilers = {
  buildValidator: lazyPool(validators as unknown as Pool),
  buildSerializer: lazyPool(serializers as unknown as Pool)
} as unknown as Factories

/** Compiles every schema whose route has not been called yet; throws the first compile error. */
export function compileAllSchemas (): number {
  const builds = [...pending]
  for (const build of builds) build()
  return builds.length
}
