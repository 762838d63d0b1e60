/** A project's menu in the drawer: Edit (name and colour), Archive (or Unarchive) and Delete. */
import type { ProjectEntity } from '../../shared/api-types';
import { ItemMenu } from '../ui/ItemMenu';
import { useProjectActions } from './ProjectActions';

export function ProjectItemMenu({ project }: { project: ProjectEntity }) {
  const actions = useProjectActions();
  const { name, archived } = project.attributes;
  return (
    <ItemMenu
      buttonLabel={`More actions for ${name}`}
      items={[
        { label: 'Edit', run: () => actions.edit(project) },
        {
          label: archived ? 'Unarchive' : 'Archive',
          run: () => actions.setArchived(project, !archived),
        },
        { label: 'Delete', run: () => actions.remove(project), danger: true },
      ]}
    />
  );
}
