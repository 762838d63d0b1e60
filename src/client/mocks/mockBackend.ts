/** The mock API's state: accounts, projects, labels and todos, stamped by one clock, and what spans them. */
import { MockAccounts } from './mockAccounts';
import { MockLabels } from './mockLabels';
import { MockProjects } from './mockProjects';
import { MockTodos } from './mockTodos';

/** A clock for tests: a minute later at each change, from a fixed date, so dates are the same every run. */
function fixedClock(): () => string {
  let clock = Date.parse('2026-01-01T08:00:00.000Z');
  return () => new Date((clock += 60_000)).toISOString();
}

/** The mock's state: accounts, projects and todos, stamped by one clock. */
export class MockBackend {
  readonly accounts: MockAccounts;
  readonly projects: MockProjects;
  readonly labels: MockLabels;
  readonly todos: MockTodos;

  constructor(now: () => string = fixedClock()) {
    this.accounts = new MockAccounts(now);
    this.projects = new MockProjects(now);
    this.labels = new MockLabels(now);
    this.todos = new MockTodos(now, this.projects, this.labels);
  }

  /** GET /todos/counts: open todos in all, in the Inbox, in each live project and on each label. */
  counts(ownerId: number) {
    const open = this.todos.openByProject(ownerId);
    return {
      all: [...open.values()].reduce((sum, count) => sum + count, 0),
      inbox: open.get(null) ?? 0,
      projects: this.projects.live(ownerId).map(({ id }) => ({ id, open: open.get(id) ?? 0 })),
      labels: this.labels.openCounts(ownerId, this.todos.openIds(ownerId)),
    };
  }

  /** A project and its live todos go to the trash together. */
  deleteProject(ownerId: number, id: number) {
    const { project, deletedAt } = this.projects.remove(ownerId, id);
    return { data: project, meta: { todos: this.todos.trashProject(ownerId, id, deletedAt) } };
  }

  restoreProject(ownerId: number, id: number) {
    const { project, deletedAt } = this.projects.restore(ownerId, id);
    return { data: project, meta: { todos: this.todos.restoreProject(ownerId, id, deletedAt) } };
  }
}
