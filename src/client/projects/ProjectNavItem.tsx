/**
 * One project in the drawer: its link (colour dot, name, open count) and its menu; in the sortable
 * list, also a handle that moves it (drag it, or focus it and press Space, then the arrow keys:
 * dnd-kit's sortable).
 */
import ListItem from '@mui/material/ListItem';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode, Ref } from 'react';
import type { ProjectEntity } from '../../shared/api-types';
import { ColorDot } from '../ui/ColorDot';
import { NavListItem } from '../ui/NavListItem';
import { useSortableItem } from '../ui/SortableList';
import { ProjectItemMenu } from './ProjectItemMenu';
import { projectPath } from './projectPaths';

interface ProjectNavItemProps {
  project: ProjectEntity;
  count: number | undefined;
  onNavigate?(): void;
  /** The sortable list's handle, before the link. */
  handle?: ReactNode;
  itemRef?: Ref<HTMLLIElement>;
  sx?: SxProps<Theme>;
}

export function ProjectNavItem({
  project,
  count,
  onNavigate,
  handle,
  itemRef,
  sx,
}: ProjectNavItemProps) {
  const { name, color } = project.attributes;
  return (
    <ListItem ref={itemRef} disablePadding sx={sx}>
      {handle}
      <NavListItem
        to={projectPath(project.id)}
        label={name}
        count={count}
        icon={<ColorDot color={color} />}
        onClick={onNavigate}
        sx={{ flex: 1, minWidth: 0, pl: handle ? 0.5 : 4.5 }}
      />
      <ProjectItemMenu project={project} />
    </ListItem>
  );
}

/** A project of the sortable list (inside ProjectsNav's DndContext and SortableContext). */
export function SortableProjectItem(props: Omit<ProjectNavItemProps, 'handle' | 'itemRef' | 'sx'>) {
  const { handle, itemRef, dragSx } = useSortableItem(props.project.id, {
    label: `Move ${props.project.attributes.name}`,
    className: 'project-handle',
    color: 'inherit',
    sx: { px: 0.25 },
  });
  return <ProjectNavItem {...props} handle={handle} itemRef={itemRef} sx={dragSx} />;
}
