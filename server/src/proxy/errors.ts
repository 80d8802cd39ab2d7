import { ServiceError } from '../errors.ts'

// The proxy's part of the error catalogue: stable codes, messages that say how to fix the cause.
export const proxyErrors = {
  badPath: (reason: string) => new ServiceError('UI_API_BAD_PATH', 400, `The game API path was refused: ${reason}. Call an endpoint by its plain name, e.g. /api/v1/announcements.`),
  unknownEndpoint: (path: string) => new ServiceError('UI_API_UNKNOWN_ENDPOINT', 404, `No game API endpoint ${path} is offered through this service: check the path, or add it to menus/api.json.`),
  methodNotAllowed: (method: string, path: string) => new ServiceError('UI_API_METHOD_NOT_ALLOWED', 405, `${method} is not allowed on ${path}: check the method, or allow it in menus/api.json.`),
  denied: (path: string) => new ServiceError('UI_API_FORBIDDEN', 403, `The game API endpoint ${path} belongs to pages that are not in your menu for this location: switch to a location where those pages are offered, or ask an administrator for the permission.`),
  notMultipart: (path: string) => new ServiceError('UI_API_NOT_MULTIPART', 415, `${path} does not take multipart/form-data: send JSON, or mark the endpoint "multipart": true in menus/api.json if the game API takes a file there.`),
  badMultipart: (reason: string) => new ServiceError('UI_API_BAD_MULTIPART', 400, `The multipart/form-data body could not be read (${reason}): send it as a browser's FormData does.`),
  multipartTooLarge: (what: string) => new ServiceError('UI_API_MULTIPART_TOO_LARGE', 413, `The upload has ${what}: send one file of at most 1024 KiB with at most 20 other fields.`),
  bodyTooLarge: (limit: number) => new ServiceError('UI_API_BODY_TOO_LARGE', 413, `The request body is larger than the ${Math.round(limit / 1024)} KiB the game API proxy accepts: send less data at once.`)
}
