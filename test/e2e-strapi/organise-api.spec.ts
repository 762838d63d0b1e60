/**
 * compat/strapi's projects, labels and subtasks over HTTP on a stock Strapi 4.25: the owner rules
 * of the todos hold for them (lists scoped to the caller, another user's entry refused, a relation
 * to another user's entry answered as one that does not exist, with nothing written), names unique
 * per user whatever their case, subtasks three levels deep at most and never their own ancestor,
 * and the sidebar's open counts in one call.
 */
import type { Session } from '../../src/shared/api-types';
import { newCredentials, registerUser } from '../e2e/support/session';
import { expect, skipWithoutStrapi, strapiApi, test } from './support/fixtures';

interface Entry {
  id: number;
  attributes: Record<string, unknown>;
}

test.describe('projects, labels and subtasks on Strapi 4.25 (compat/strapi)', () => {
  skipWithoutStrapi();

  test('keeps projects and labels their owner’s, and relations to them too', async ({ strapi }) => {
    const api = strapiApi(strapi);
    const [ann, bob]: [Session, Session] = await Promise.all([
      registerUser(strapi.apiUrl, newCredentials('strapiann')),
      registerUser(strapi.apiUrl, newCredentials('strapibob')),
    ]);
    const create = async (path: string, jwt: string, data: Record<string, unknown>) => {
      const response = await api(path, { jwt, method: 'POST', body: { data } });
      return {
        status: response.status,
        body: (await response.json()) as { data: Entry; error?: { message: string } },
      };
    };

    const work = await create('/projects', ann.jwt, {
      name: 'Work',
      color: '#1e90ff',
      position: 1,
    });
    expect(work.status).toBe(200);
    expect(work.body.data.attributes).toMatchObject({
      name: 'Work',
      color: '#1e90ff',
      archived: false,
    });
    const taken = await create('/projects', ann.jwt, { name: '  work ' });
    expect(taken.status).toBe(400);
    expect(taken.body.error?.message).toBe('A project named "work" already exists');
    expect((await create('/projects', bob.jwt, { name: 'Work' })).status).toBe(200); // another user may
    expect((await create('/projects', ann.jwt, { name: 'Home', color: 'blue' })).status).toBe(400);
    const home = await create('/labels', ann.jwt, { name: 'home', color: '#00aa00' });
    expect(home.status).toBe(200);
    expect((await create('/labels', ann.jwt, { name: 'HOME' })).status).toBe(400);
    const bobLabel = (await create('/labels', bob.jwt, { name: 'errands' })).body.data;

    const list = async (path: string, jwt: string) =>
      ((await (await api(path, { jwt })).json()) as { data: Entry[] }).data.map(
        (entry) => entry.attributes.name ?? entry.attributes.title,
      );
    expect(await list('/projects', bob.jwt)).toEqual(['Work']);
    expect(await list('/labels', bob.jwt)).toEqual(['errands']);
    expect((await api(`/projects/${work.body.data.id}`, { jwt: bob.jwt })).status).toBe(403);
    expect(
      (
        await api(`/projects/${work.body.data.id}`, {
          jwt: bob.jwt,
          method: 'PUT',
          body: { data: { name: 'Mine' } },
        })
      ).status,
    ).toBe(403);
    expect(
      (await api(`/labels/${home.body.data.id}`, { jwt: bob.jwt, method: 'DELETE' })).status,
    ).toBe(403);

    // A todo in Ann's project with her label; Bob can link neither, and learns nothing.
    const todo = await create('/todos', ann.jwt, {
      title: 'Report',
      project: work.body.data.id,
      labels: [home.body.data.id],
    });
    expect(todo.status).toBe(200);
    for (const data of [
      { title: 'x', project: work.body.data.id },
      { title: 'x', labels: { connect: [home.body.data.id] } },
      { title: 'x', parent: todo.body.data.id },
      { title: 'x', labels: [bobLabel.id, 999999] },
    ]) {
      const refused = await create('/todos', bob.jwt, data);
      expect(refused.status).toBe(400);
      expect(refused.body.error?.message).toMatch(/^(project|labels|parent) \d+ does not exist$/);
    }
    expect(
      (await create('/projects', bob.jwt, { name: 'Grab', todos: [todo.body.data.id] })).status,
    ).toBe(400);
    expect(await list('/todos', bob.jwt)).toEqual([]);
    expect(await list('/projects', bob.jwt)).toEqual(['Work']);

    const populated = (await (
      await api('/todos?populate[project][fields][0]=name&populate[labels][fields][0]=name', {
        jwt: ann.jwt,
      })
    ).json()) as { data: Entry[] };
    expect(populated.data[0]!.attributes).toMatchObject({
      title: 'Report',
      project: { data: { id: work.body.data.id, attributes: { name: 'Work' } } },
      labels: { data: [{ id: home.body.data.id, attributes: { name: 'home' } }] },
    });
    const filtered = (await (
      await api(`/todos?filters[project][id][$null]=true`, { jwt: ann.jwt })
    ).json()) as { data: Entry[] };
    expect(filtered.data).toEqual([]);

    const counts = (await (await api('/todos/counts', { jwt: ann.jwt })).json()) as {
      data: unknown;
    };
    expect(counts.data).toEqual({
      all: 1,
      inbox: 0,
      projects: [{ id: work.body.data.id, open: 1 }],
      labels: [{ id: home.body.data.id, open: 1 }],
    });
    expect((await api('/todos/counts')).status).toBe(403);

    // Deleting the project leaves its todo in the Inbox: Strapi has no trash.
    expect(
      (await api(`/projects/${work.body.data.id}`, { jwt: ann.jwt, method: 'DELETE' })).status,
    ).toBe(200);
    expect(await list('/todos?filters[project][id][$null]=true', ann.jwt)).toEqual(['Report']);
  });

  test('nests subtasks three levels deep at most, never under themselves', async ({ strapi }) => {
    const api = strapiApi(strapi);
    const ann = await registerUser(strapi.apiUrl, newCredentials('strapisub'));
    const add = async (data: Record<string, unknown>) => {
      const response = await api('/todos', { jwt: ann.jwt, method: 'POST', body: { data } });
      return {
        status: response.status,
        body: (await response.json()) as { data: Entry; error?: { message: string } },
      };
    };
    const root = (await add({ title: 'Move house' })).body.data.id;
    const child = (await add({ title: 'Pack', parent: root })).body.data.id;
    const grandchild = (await add({ title: 'Books', parent: { connect: [child] } })).body.data.id;
    const tooDeep = await add({ title: 'Paperbacks', parent: grandchild });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.error?.message).toBe('Subtasks go at most 3 levels deep');

    const put = (id: number, data: Record<string, unknown>) =>
      api(`/todos/${id}`, { jwt: ann.jwt, method: 'PUT', body: { data } });
    const cycle = await put(root, { parent: grandchild });
    expect(cycle.status).toBe(400);
    expect(((await cycle.json()) as { error: { message: string } }).error.message).toBe(
      'A todo cannot be its own ancestor',
    );
    const other = (await add({ title: 'Sell the sofa' })).body.data.id;
    expect((await put(other, { parent: grandchild })).status).toBe(400); // a fourth level
    expect((await put(child, { parent: other })).status).toBe(200); // Pack › Books under Sell: 3 levels
    const tree = (await (
      await api(`/todos/${other}?populate[subtasks][populate][subtasks]=*`, { jwt: ann.jwt })
    ).json()) as { data: Entry };
    expect(tree.data.attributes.subtasks).toMatchObject({
      data: [
        { id: child, attributes: { title: 'Pack', subtasks: { data: [{ id: grandchild }] } } },
      ],
    });
  });
});
