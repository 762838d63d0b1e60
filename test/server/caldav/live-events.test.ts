/** @jest-environment node */
import { openSse, type SseStream } from '../../support/sse';
import { bearer, createTestApp, describeEachDialect, type TestApp } from '../support/app';
import { davUser, vtodo } from './support';

describeEachDialect('CalDAV changes in open tabs', (dialect) => {
  let t: TestApp;
  let origin: string;
  let stream: SseStream | undefined;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    stream?.close();
    await t.close();
  });

  it('a todo put and deleted over CalDAV reaches the event stream at once', async () => {
    const ada = await davUser(t.app);
    stream = await openSse(`${origin}/api/todos/events`, bearer(ada.session));
    expect(stream.status).toBe(200);
    const url = `/dav/calendars/${ada.username}/inbox/live.ics`;
    const put = await fetch(`${origin}${url}`, {
      method: 'PUT',
      body: vtodo('live', ['SUMMARY:From the phone']),
      headers: { authorization: ada.basic, 'content-type': 'text/calendar' },
    });
    expect(put.status).toBe(201);
    // The default heartbeat is 25 s: only the wake-up can bring the event within the wait.
    const created = await stream.nextData<{ action: string; id: number }>(5000);
    expect(created.action).toBe('created');
    const removed = await fetch(`${origin}${url}`, {
      method: 'DELETE',
      headers: { authorization: ada.basic },
    });
    expect(removed.status).toBe(204);
    const deleted = await stream.nextData<{ action: string; id: number }>(5000);
    expect(deleted).toMatchObject({ action: 'deleted', id: created.id });
  });
});
