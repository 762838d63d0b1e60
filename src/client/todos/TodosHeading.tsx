/**
 * The list's heading row: "Todos" (or the page's project), the quick-add field and (on a wide screen) Generate Todos. Quick
 * add shares the heading's row on a wide screen, so the list starts as high as it did without it; a
 * long project name would squeeze it, so below QUICK_ADD_MIN_WIDTH it takes a row of its own.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode, RefObject } from 'react';
import { QuickAdd } from './quickAdd/QuickAdd';

interface TodosHeadingProps {
  /** The h1: "Todos" unless the page names its own (a project's name, the Inbox). */
  title?: ReactNode;
  userId: number | undefined;
  /** The page's project (null: the Inbox), which quick add's todos go to unless a #name says otherwise. */
  project?: number | null;
  quickAddRef: RefObject<HTMLInputElement | null>;
  /** Generate Todos beside the field; on a phone it sits in the filter and sort menu instead. */
  generate?: ReactNode;
}

const QUICK_ADD_MIN_WIDTH = 480; // the field and Generate Todos
const besideFieldSx = { minHeight: { sm: 40 }, display: 'flex', alignItems: 'center' } as const;
// A project's name may be 100 characters: a size smaller on a phone, and broken anywhere rather
// than pushing the page sideways.
const titleSx = { ...besideFieldSx, typography: { xs: 'h5', sm: 'h4' }, overflowWrap: 'anywhere' };

export function TodosHeading({
  title = 'Todos',
  userId,
  project,
  quickAddRef,
  generate,
}: TodosHeadingProps) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      useFlexGap // gaps, not margins, so a wrapped row starts flush left
      sx={{
        mb: { xs: 2, sm: 1.5 },
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        alignItems: { xs: 'stretch', sm: 'flex-start' },
      }}
    >
      <Typography component="h1" variant="h4" sx={titleSx}>
        {title}
      </Typography>
      {/* Quick add and Generate Todos wrap below a long title together. */}
      <Stack
        direction="row"
        spacing={2}
        sx={{
          flex: { xs: 'none', sm: `1 1 ${QUICK_ADD_MIN_WIDTH}px` },
          minWidth: 0,
          alignItems: 'flex-start',
        }}
      >
        <QuickAdd
          userId={userId}
          project={project}
          inputRef={quickAddRef}
          sx={{ flex: 1, minWidth: 0 }}
        />
        {generate && <Box sx={besideFieldSx}>{generate}</Box>}
      </Stack>
    </Stack>
  );
}
