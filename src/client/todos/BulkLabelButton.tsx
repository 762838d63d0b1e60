/**
 * The selection bar's "Label…": a menu of the user's labels, each a checkable item that says
 * whether every selected todo has it (checked), some do (mixed) or none (unchecked). Choosing a
 * label that every selected todo has takes it off them all; any other puts it on them all: one bulk
 * call either way.
 */
import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import IndeterminateCheckBox from '@mui/icons-material/IndeterminateCheckBox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useLabels } from '../labels';
import { ColorDot } from '../ui/ColorDot';
import { MenuButton } from '../ui/MenuButton';

interface BulkLabelButtonProps {
  busy: boolean;
  /** How many todos are selected. */
  selected: number;
  /** How many of the selected todos have each label, by the label's id. */
  carried: ReadonlyMap<number, number>;
  /** Puts the label on the selected todos (`on`), or takes it off them. */
  onLabel(label: number, name: string, on: boolean): void;
}

export function BulkLabelButton({ busy, selected, carried, onLabel }: BulkLabelButtonProps) {
  const { all } = useLabels();
  return (
    <MenuButton label="Label…" disabled={busy}>
      {(close) => [
        all.length === 0 && (
          <MenuItem key="none" disabled>
            No labels yet
          </MenuItem>
        ),
        ...all.map((label) => {
          const count = carried.get(label.id) ?? 0;
          const every = count > 0 && count >= selected;
          const Check = every ? CheckBox : count > 0 ? IndeterminateCheckBox : CheckBoxOutlineBlank;
          return (
            <MenuItem
              key={label.id}
              role="menuitemcheckbox"
              aria-checked={every ? true : count > 0 ? 'mixed' : false}
              onClick={() => {
                close();
                onLabel(label.id, label.attributes.name, !every);
              }}
            >
              <ListItemIcon>
                <Check fontSize="small" color={count > 0 ? 'primary' : undefined} />
              </ListItemIcon>
              <ListItemIcon sx={{ minWidth: 20 }}>
                <ColorDot color={label.attributes.color} />
              </ListItemIcon>
              <ListItemText primary={label.attributes.name} />
            </MenuItem>
          );
        }),
      ]}
    </MenuButton>
  );
}
