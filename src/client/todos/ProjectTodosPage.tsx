/**
 * /projects/:id: a project's todos, with the same list, controls and dialogs as /todos; its heading
 * is the project's name with its colour, and todos added here go into it. An id that is not one of
 * the user's live projects (unknown, deleted, someone else's) is the not-found page.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useParams } from 'react-router-dom';
import { listErrorDetails } from '../lib/messages';
import { useProjects } from '../projects';
import { ColorDot } from '../ui/ColorDot';
import { ErrorPage } from '../ui/ErrorPage';
import NotFoundPage from '../ui/NotFoundPage';
import { TodoListScreen } from './TodoListScreen';
import { TodoRowSkeletons } from './TodoRowSkeletons';

/** The route's id, if it is one (digits, as the server's page paths have it). */
const idOf = (param: string | undefined) =>
  param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : undefined;

export default function ProjectTodosPage() {
  const id = idOf(useParams().id);
  const { byId, isSuccess, error } = useProjects();
  const project = id === undefined ? undefined : byId.get(id);
  if (id === undefined) return <NotFoundPage />;
  if (!project && error) {
    const { status, message } = listErrorDetails(error);
    return <ErrorPage status={status} title={message} />;
  }
  if (!project && !isSuccess) return <TodoRowSkeletons />;
  if (!project) return <NotFoundPage />;
  const { name, color, archived } = project.attributes;
  const title = (
    <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <ColorDot color={color} size={16} />
      <Box component="span" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
        {name}
      </Box>
      {archived && <Chip size="small" label="Archived" variant="outlined" />}
    </Box>
  );
  // A new screen per project: its selection and dialogs belong to the project left.
  return <TodoListScreen key={id} project={id} title={title} />;
}
