/**
 * The drawer's Labels, under the projects: a heading with "Add label", then each label (its colour,
 * its name, its open todos) linking to every todo filtered by it, with a menu to edit or delete it.
 * On a list filtered by a label, that label's link is the current one.
 */
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useLocation } from 'react-router-dom';
import { PAGE_PATHS } from '../../shared/routes';
import { useOpenCounts } from '../projects';
import { ColorDot } from '../ui/ColorDot';
import { NavListItem } from '../ui/NavListItem';
import { useLabelActions } from './LabelActions';
import { LabelItemMenu } from './LabelItemMenu';
import { labelPath } from './labelPaths';
import { useLabels } from './useLabels';

export function LabelsNav({ onNavigate }: { onNavigate?(): void }) {
  const { all } = useLabels();
  const counts = useOpenCounts();
  const actions = useLabelActions();
  const headingId = useId();
  const { pathname, search } = useLocation();
  const current = pathname === PAGE_PATHS.todos ? new URLSearchParams(search).get('label') : null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', pl: 2, pr: 0.5, pt: 1 }}>
        <Typography id={headingId} component="h2" variant="overline" sx={{ flex: 1 }}>
          Labels
        </Typography>
        <IconButton
          size="small"
          color="inherit"
          aria-label="Add label"
          onClick={() => {
            onNavigate?.(); // the phone menu closes: the dialog takes the screen
            actions.add();
          }}
        >
          <Add fontSize="small" />
        </IconButton>
      </Box>
      <List dense disablePadding aria-labelledby={headingId}>
        {all.map((label) => (
          <ListItem key={label.id} disablePadding>
            <NavListItem
              to={labelPath(label.id)}
              active={current === String(label.id)}
              label={label.attributes.name}
              count={counts.ofLabel.get(label.id)}
              icon={<ColorDot color={label.attributes.color} />}
              onClick={onNavigate}
              sx={{ flex: 1, minWidth: 0, pl: 4.5 }}
            />
            <LabelItemMenu label={label} />
          </ListItem>
        ))}
      </List>
      {all.length === 0 && (
        <Typography variant="body2" sx={{ px: 2, py: 1 }}>
          No labels yet
        </Typography>
      )}
    </Box>
  );
}
