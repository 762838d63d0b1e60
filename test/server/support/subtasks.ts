/** Calls the subtask suites share: writes with a parent, and a todo's parent and project as the API says. */
import type { ProjectEntity, Session, TodoEntity } from '../../../src/shared/api-types';
import { call, type TestApp } from './app';

export type Page = { data: TodoEntity[]; meta: { pagination: { total: number } } };

export function subtaskCalls(t: TestApp) {
  const get = (session: Session, url: string) => call(t.app, session, { method: 'GET', url });
  const post = (session: Session, data: unknown, query = '') =>
    call(t.app, session, { method: 'POST', url: `/api/todos${query}`, payload: { data } });
  const put = (session: Session, id: number, data: unknown, query = '') =>
    call(t.app, session, { method: 'PUT', url: `/api/todos/${id}${query}`, payload: { data } });
  const del = (session: Session, id: number, query = '') =>
    call(t.app, session, { method: 'DELETE', url: `/api/todos/${id}${query}` });
  const restore = (session: Session, id: number) =>
    call(t.app, session, { method: 'POST', url: `/api/todos/${id}/restore` });
  /** A new todo (its id), failing the test unless it is made. */
  const add = async (session: Session, title: string, data: Record<string, unknown> = {}) => {
    const response = await post(session, { title, ...data });
    if (response.statusCode !== 200)
      throw new Error(`create failed: ${response.statusCode} ${response.body}`);
    return response.json<{ data: TodoEntity }>().data.id;
  };
  /** The todo's parent id and project id (null: a root, the Inbox); undefined when it is not live. */
  const placeOf = async (session: Session, id: number) => {
    const response = await get(session, `/api/todos/${id}?populate=*`);
    if (response.statusCode !== 200) return undefined;
    const { attributes } = response.json<{ data: TodoEntity }>().data;
    return {
      parent: attributes.parent?.data?.id ?? null,
      project: attributes.project?.data?.id ?? null,
    };
  };
  const createProject = async (session: Session, name: string) => {
    const response = await call(t.app, session, {
      method: 'POST',
      url: '/api/projects',
      payload: { data: { name } },
    });
    return response.json<{ data: ProjectEntity }>().data.id;
  };
  const trashIds = async (session: Session) =>
    (await get(session, '/api/todos/trash?pagination[pageSize]=100'))
      .json<Page>()
      .data.map((todo) => todo.id)
      .sort((a, b) => a - b);
  return { get, post, put, del, restore, add, placeOf, createProject, trashIds };
}
