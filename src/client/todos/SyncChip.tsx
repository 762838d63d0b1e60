/** The mark on a row whose change waits in the offline queue, or that the server refused. */
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import Chip from '@mui/material/Chip';
import { writeQueue } from '../offline';
import type { SyncState } from './queuedOverlay';

const WAITING_LABEL = 'Waiting to sync';

export function SyncChip({ state }: { state: SyncState }) {
  if (state.error === undefined) {
    return (
      <Chip
        size="small"
        variant="outlined"
        icon={<CloudUploadOutlined />}
        label={WAITING_LABEL}
        aria-label={WAITING_LABEL}
      />
    );
  }
  const { seq } = state;
  // The user's text stays on screen until they have read why it was refused and let it go.
  return (
    <Chip
      size="small"
      color="error"
      variant="outlined"
      label={`Not saved: ${state.error}`}
      onDelete={seq === undefined ? undefined : () => void writeQueue.discard(seq)}
      deleteIcon={<CancelOutlined aria-label="Discard this change" aria-hidden={false} />}
    />
  );
}
