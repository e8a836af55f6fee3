import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (@fastify/helmet): no framing (clickjacking), no MIME sniffing, no
 * referrer beyond the origin, HSTS, and a content security policy that still lets the host load its four
 * remotes: every script, manifest and chunk comes from this origin (`/remotes/<name>/…`), so 'self' covers
 * module federation; antd writes its CSS-in-JS into <style> elements and style attributes, hence
 * 'unsafe-inline' for styles only — never for scripts. Images may be data: or blob: URLs (the charts' and
 * antd's icons, a downloaded statement). `upgrade-insecure-requests` is left out: a plain-HTTP install on a
 * LAN must keep working, and a TLS deployment has HSTS. The API docs (/api/docs) set their own, stricter,
 * hashed policy (@fastify/swagger-ui's staticCSP).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
