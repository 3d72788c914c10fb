import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('avatar', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
  const webp = Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(32, 3),
  ]);
  const upload = (
    headers: Record<string, string>,
    type: string,
    body: Buffer,
    method: 'POST' | 'PUT' = 'POST',
    url = '/api/v1/avatar',
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...headers, 'content-type': type, 'x-file-name': 'foto.png' },
      payload: body,
    });

  it('accepts PNG, JPEG and WebP whose bytes match, serves them back, lets the owner replace', async () => {
    const { headers } = await login(t, 'fabio.gerente');
    for (const [type, body] of [
      ['image/png', png],
      ['image/jpeg', jpeg],
      ['image/webp', webp],
    ] as const) {
      const res = await upload(headers, type, body);
      expect(res.statusCode, type).toBe(201);
      const { uuid } = res.json();
      expect(res.headers.location).toBe(`/api/v1/avatar/${uuid}`);
      const back = await get(`/api/v1/avatar/${uuid}`, headers);
      expect(back.headers['content-type']).toBe(type);
      expect(back.rawPayload.equals(body)).toBe(true);
    }
    const { uuid } = (await upload(headers, 'image/png', png)).json();
    const replaced = await upload(headers, 'image/jpeg', jpeg, 'PUT', `/api/v1/avatar?uuid=${uuid}`);
    expect(replaced.statusCode).toBe(200);
    expect((await get(`/api/v1/avatar?uuid=${uuid}`, headers)).headers['content-type']).toBe('image/jpeg');
    const other = await login(t, 'gabi.consulta');
    expect((await upload(other.headers, 'image/png', png, 'PUT', `/api/v1/avatar?uuid=${uuid}`)).statusCode).toBe(403);
  });

  it('refuses a lying content type, other types, an empty body and more than 2 MB', async () => {
    const { headers } = await login(t, 'fabio.gerente');
    expect((await upload(headers, 'image/png', jpeg)).statusCode).toBe(422);
    expect((await upload(headers, 'image/jpeg', Buffer.from('<svg onload=alert(1)>'))).statusCode).toBe(422);
    expect((await upload(headers, 'image/svg+xml', Buffer.from('<svg/>'))).statusCode).toBe(415);
    expect((await upload(headers, 'text/html', Buffer.from('<html>'))).statusCode).toBe(415);
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024, 0)]);
    expect((await upload(headers, 'image/png', big)).statusCode).toBe(413);
    expect((await upload({}, 'image/png', png)).statusCode).toBe(401);
  });
});
