/**
 * The selection bar's "Label…": a menu of the user's labels, each a checkable item that says
 * whether every selected todo has it (checked), some do (mixed) or none (unchecked). Choosing a
 * label that every selected todo has takes it off them all; any other puts it on them all: one bulk
 * call either way.
 */
import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import IndeterminateCheckBox from '@mui/icons-material/IndeterminateCheckBox';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useLabels } from '../labels';
import { ColorDot } from '../ui/ColorDot';

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
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const choose = (label: number, name: string, on: boolean) => {
    setAnchor(null);
    onLabel(label, name, on);
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        disabled={busy}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Label…
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {all.length === 0 && <MenuItem disabled>No labels yet</MenuItem>}
        {all.map((label) => {
          const count = carried.get(label.id) ?? 0;
          const every = count > 0 && count >= selected;
          const Check = every ? CheckBox : count > 0 ? IndeterminateCheckBox : CheckBoxOutlineBlank;
          return (
            <MenuItem
              key={label.id}
              role="menuitemcheckbox"
              aria-checked={every ? true : count > 0 ? 'mixed' : false}
              onClick={() => choose(label.id, label.attributes.name, !every)}
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
        })}
      </Menu>
    </>
  );
}
