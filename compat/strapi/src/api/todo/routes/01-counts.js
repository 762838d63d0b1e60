'use strict';

/** Before the core routes (files load in name order), so `/todos/counts` is not read as `/todos/:id`. */
module.exports = {
  routes: [{ method: 'GET', path: '/todos/counts', handler: 'todo.counts' }],
};
