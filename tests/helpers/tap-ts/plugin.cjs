// The project's tap plugin (.taprc): test files run through ts-hooks.mjs, which turns our own .ts files into JavaScript with
// esbuild and leaves every other module to Node, instead of tsx, whose hooks also take each of the ~900 package modules a
// test process loads (a service-tier process spent 2.8 CPU-seconds loading modules through tsx, 2.2 through these hooks).
const { pathToFileURL } = require('node:url')
const { join } = require('node:path')

exports.importLoader = pathToFileURL(join(__dirname, 'register.mjs')).href
exports.testFileExtensions = ['ts', 'tsx']
exports.plugin = () => ({})
