/** The labels' texts: toasts and the delete question. */
const todosWord = (count: number) => (count === 1 ? '1 todo' : `${count} todos`);

export const LABEL_MESSAGES = {
  added: (name: string) => `Label "${name}" added!`,
  updated: 'Label updated successfully!',
  deleted: (name: string, todos: number) =>
    todos > 0
      ? `Label "${name}" deleted: it was taken off ${todosWord(todos)}, which are kept`
      : `Label "${name}" deleted`,
};

/** A label's delete takes it off its todos (`open` of them not completed, when known); they stay. */
export const deleteLabelQuestion = (open: number | undefined): string =>
  `${open ? `It is on ${todosWord(open)} not completed yet. ` : ''}Its todos are kept: only the label is taken off them.`;
