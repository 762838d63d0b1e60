/**
 * A push service of our own on https://127.0.0.1, as browsers' push services receive the server's
 * messages: it keeps every request and answers 201, or 410 for endpoints under /gone/ (a
 * subscription the browser dropped). Its certificate is made at start (openssl) and written to
 * `caFile`, which a server process trusts through NODE_EXTRA_CA_CERTS. Devices are key pairs made as
 * a browser makes them; `decrypt` opens a message as the browser would (RFC 8291, aes128gcm).
 */
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- http_ece ships no types
const ece = require('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer;
};

export interface PushedMessage {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushService {
  origin: string;
  caFile: string;
  messages: PushedMessage[];
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1 in `dir` (key.pem, cert.pem), made with openssl. */
export function makeCertificate(dir: string): { key: string; cert: string } {
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  if (!fs.existsSync(cert))
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
  return { key, cert };
}

/** The push service, on a new certificate, or on the one in `certificateDir` (made there if missing). */
export async function startPushService(certificateDir?: string): Promise<PushService> {
  const dir = certificateDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-push-'));
  const { key, cert } = makeCertificate(dir);
  const messages: PushedMessage[] = [];
  const server = https.createServer(
    { key: fs.readFileSync(key), cert: fs.readFileSync(cert) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = request.url ?? '/';
        messages.push({ path: url, headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(url.startsWith('/gone/') ? 410 : 201).end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    caFile: cert,
    messages,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      if (!certificateDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Device {
  ecdh: ECDH;
  /** What the browser's PushSubscription.toJSON() gives for this device. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export function newDevice(endpoint: string): Device {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    subscription: {
      endpoint,
      expirationTime: null,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    },
  };
}

export function decrypt(message: PushedMessage, device: Device): unknown {
  const plain = ece.decrypt(message.body, {
    version: 'aes128gcm',
    privateKey: device.ecdh,
    authSecret: device.subscription.keys.auth,
  });
  return JSON.parse(plain.toString('utf8'));
}
