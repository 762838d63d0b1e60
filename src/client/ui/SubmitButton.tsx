/** A submit button that, while its request runs, is disabled and shows a spinner and "Loading...". */
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

interface SubmitButtonProps extends ButtonProps {
  loading: boolean;
}

export function SubmitButton({ loading, children, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      {...props}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      startIcon={
        loading ? (
          <CircularProgress size={18} color="inherit" aria-hidden="true" />
        ) : (
          props.startIcon
        )
      }
    >
      {loading ? 'Loading...' : children}
    </Button>
  );
}
