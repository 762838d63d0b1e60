/**
 * A todo's description, clamped to two lines so a row stays short; a "more" toggle shows the rest
 * (only when there is more to show). Written in the user's direction (`dir="auto"`).
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef, useState } from 'react';

export function Description({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const [clipped, setClipped] = useState(false);
  const body = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const element = body.current;
    if (element && !expanded) setClipped(element.scrollHeight > element.clientHeight + 1);
  }, [text, expanded]);
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
      <Typography
        ref={body}
        variant="body2"
        dir="auto"
        sx={{
          overflowWrap: 'anywhere',
          whiteSpace: 'pre-line',
          ...(expanded
            ? {}
            : {
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }),
        }}
      >
        <strong>Description:</strong> {text}
      </Typography>
      {(clipped || expanded) && (
        <Link
          component="button"
          variant="body2"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
          sx={{ flexShrink: 0 }}
        >
          {expanded ? 'less' : 'more'}
        </Link>
      )}
    </Box>
  );
}
