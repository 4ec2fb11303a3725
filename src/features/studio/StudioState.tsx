// Loading and error states shared by the studio's two screens.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { messageOf } from '../../api/client';

interface QueryState {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  refetch(): unknown;
}

export function StudioState({ query }: { query: QueryState }) {
  if (query.isLoading) return <CircularProgress aria-label="Loading analytics" sx={{ alignSelf: 'center', my: 4 }} />;
  if (!query.isError) return null;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      }
    >
      {messageOf(query.error, 'The analytics could not be loaded')}
    </Alert>
  );
}
