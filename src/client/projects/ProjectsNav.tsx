/**
 * The drawer's Projects: a heading with "Add project", the projects not archived in the user's
 * order, which move by drag and drop or by keyboard (dnd-kit, which announces each step to screen
 * readers), and the archived ones in a fold below. The new order is saved as each project's position.
 */
import Add from '@mui/icons-material/Add';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { ProjectEntity } from '../../shared/api-types';
import { changeErrorMessage } from '../lib/messages';
import { toasts } from '../lib/toasts';
import { SortableList } from '../ui/SortableList';
import { useProjectActions } from './ProjectActions';
import { ProjectNavItem, SortableProjectItem } from './ProjectNavItem';
import { useReorderProjectsMutation } from './projectsApi';
import { moveProject } from './reorder';
import { useOpenCounts, useProjects } from './useProjects';

const nameOf = (project: ProjectEntity) => project.attributes.name;

export function ProjectsNav({ onNavigate }: { onNavigate?(): void }) {
  const { all, shown } = useProjects();
  const counts = useOpenCounts();
  const actions = useProjectActions();
  const [reorder] = useReorderProjectsMutation();
  const [showArchived, setShowArchived] = useState(false);
  const headingId = useId();
  const archivedId = useId();
  const archived = all.filter((project) => project.attributes.archived);
  const onMove = (from: number, to: number) =>
    reorder(moveProject(all, shown, from, to))
      .unwrap()
      .catch((error: unknown) => toasts.error(changeErrorMessage(error), 'project'));

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', pl: 2, pr: 0.5, pt: 1 }}>
        <Typography id={headingId} component="h2" variant="overline" sx={{ flex: 1 }}>
          Projects
        </Typography>
        <IconButton
          size="small"
          color="inherit"
          aria-label="Add project"
          onClick={() => {
            onNavigate?.(); // the phone menu closes: the dialog and the new page take the screen
            actions.add();
          }}
        >
          <Add fontSize="small" />
        </IconButton>
      </Box>
      <SortableList
        items={shown}
        noun="project"
        nameOf={nameOf}
        onMove={(from, to) => void onMove(from, to)}
      >
        <List dense disablePadding aria-labelledby={headingId}>
          {shown.map((project) => (
            <SortableProjectItem
              key={project.id}
              project={project}
              count={counts.ofProject.get(project.id)}
              onNavigate={onNavigate}
            />
          ))}
        </List>
      </SortableList>
      {shown.length === 0 && (
        <Typography variant="body2" sx={{ px: 2, py: 1 }}>
          No projects yet
        </Typography>
      )}
      {archived.length > 0 && (
        <>
          <ListItemButton
            dense
            aria-expanded={showArchived}
            aria-controls={archivedId}
            onClick={() => setShowArchived((open) => !open)}
            sx={{ borderRadius: 1 }}
          >
            <ListItemText primary={`Archived (${archived.length})`} />
            {showArchived ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
          </ListItemButton>
          <Collapse in={showArchived} id={archivedId} unmountOnExit>
            <List dense disablePadding aria-label="Archived projects">
              {archived.map((project) => (
                <ProjectNavItem
                  key={project.id}
                  project={project}
                  count={counts.ofProject.get(project.id)}
                  onNavigate={onNavigate}
                />
              ))}
            </List>
          </Collapse>
        </>
      )}
    </Box>
  );
}
