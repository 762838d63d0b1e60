/** @jest-environment node */
import { call, createTestApp, describeEachDialect, type TestApp } from '../support/app';
import { dav, davUser, vtodo, type DavUser } from './support';

describeEachDialect('CalDAV CATEGORIES and labels', (dialect) => {
  let t: TestApp;
  let ada: DavUser;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ada = await davUser(t.app);
    url = `/dav/calendars/${ada.username}/inbox/cats.ics`;
  });
  afterAll(() => t.close());

  const labelsOfTodo = async () => {
    const todo = (
      await call(t.app, ada.session, { method: 'GET', url: '/api/todos?populate=*' })
    ).json().data[0];
    return {
      id: todo.id as number,
      names: (todo.attributes.labels.data as { attributes: { name: string } }[])
        .map((label) => label.attributes.name)
        .sort(),
    };
  };

  it('makes CATEGORIES the todo’s labels (an existing one whatever its case, or a new one)', async () => {
    await call(t.app, ada.session, {
      method: 'POST',
      url: '/api/labels',
      payload: { data: { name: 'Home' } },
    });
    const put = await t.app.inject({
      method: 'PUT',
      url,
      payload: vtodo('cats', ['SUMMARY:Tidy up', 'CATEGORIES:home,Urgent', 'CATEGORIES:urgent']),
      headers: { authorization: ada.basic, 'content-type': 'text/calendar' },
    });
    expect(put.statusCode).toBe(201);
    expect((await labelsOfTodo()).names).toEqual(['Home', 'Urgent']);
    const labels = (await call(t.app, ada.session, { method: 'GET', url: '/api/labels' })).json()
      .data;
    expect(labels).toHaveLength(2);
  });

  it('writes the labels back when they change in the app, and a rename changes the ETag', async () => {
    const before = await dav(t.app, ada, 'GET', url);
    expect(before.body).toContain('CATEGORIES:home,Urgent');
    const { id } = await labelsOfTodo();
    const labels = (await call(t.app, ada.session, { method: 'GET', url: '/api/labels' })).json()
      .data as { id: number; attributes: { name: string } }[];
    const urgent = labels.find((label) => label.attributes.name === 'Urgent')!;
    await call(t.app, ada.session, {
      method: 'PUT',
      url: `/api/labels/${urgent.id}`,
      payload: { data: { name: 'Soon' } },
    });
    const renamed = await dav(t.app, ada, 'GET', url);
    expect(renamed.headers.etag).not.toBe(before.headers.etag);
    expect(renamed.body).toMatch(/CATEGORIES:(Home,Soon|Soon,Home)/);
    await call(t.app, ada.session, {
      method: 'PUT',
      url: `/api/todos/${id}`,
      payload: { data: { labels: [] } },
    });
    const none = await dav(t.app, ada, 'GET', url);
    expect(none.body).not.toContain('CATEGORIES');
    expect(none.headers.etag).not.toBe(renamed.headers.etag);
  });
});
