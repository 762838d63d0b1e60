/** The name of the todos without a project, in the drawer, the select and the Inbox's heading. */
export const INBOX_NAME = 'Inbox';
