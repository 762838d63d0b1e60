/** A label's menu in the drawer: Edit (name and colour) and Delete. */
import type { LabelEntity } from '../../shared/api-types';
import { ItemMenu } from '../ui/ItemMenu';
import { useLabelActions } from './LabelActions';

export function LabelItemMenu({ label }: { label: LabelEntity }) {
  const actions = useLabelActions();
  return (
    <ItemMenu
      buttonLabel={`More actions for label ${label.attributes.name}`}
      items={[
        { label: 'Edit', run: () => actions.edit(label) },
        { label: 'Delete', run: () => actions.remove(label), danger: true },
      ]}
    />
  );
}
