/**
 * The quick-add field's input with its highlights: a copy of the text sits behind the input (which
 * is transparent), in the same font and padding (it takes the input's own classes), with each
 * recognised part marked; its text is transparent, so only the marks show through, and it scrolls
 * with the input. It is hidden from screen readers: the field's helper text says the same in
 * words. MUI renders this as the TextField's `inputComponent`.
 */
import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import { useLayoutEffect, useRef, type InputHTMLAttributes, type Ref } from 'react';
import type { QuickAddKind, QuickAddPart } from './quickAddTypes';

export interface HighlightedInputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
  /** Given through the TextField's inputProps; none (nothing read) by default. */
  parts?: readonly QuickAddPart[];
}

const COLOURS: Record<QuickAddKind, 'primary' | 'secondary' | 'warning' | 'success'> = {
  date: 'primary',
  repeat: 'secondary',
  priority: 'warning',
  project: 'success',
  label: 'success',
};

const markSx = (kind: QuickAddKind) => (theme: Theme) => {
  const colour = theme.palette[COLOURS[kind]].main;
  return {
    color: 'transparent',
    bgcolor: alpha(colour, theme.palette.mode === 'dark' ? 0.3 : 0.16),
    boxShadow: `inset 0 -2px 0 ${colour}`, // an underline too: colour is not the only sign
    borderRadius: '3px',
  };
};

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

export function HighlightedInput({ ref, parts = [], className, ...props }: HighlightedInputProps) {
  const backdrop = useRef<HTMLSpanElement>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const follow = () => {
    if (backdrop.current && input.current) backdrop.current.scrollLeft = input.current.scrollLeft;
  };
  useLayoutEffect(follow);
  const text = String(props.value ?? '');
  const pieces: React.ReactNode[] = [];
  let at = 0;
  for (const part of parts) {
    if (part.start > at) pieces.push(text.slice(at, part.start));
    pieces.push(
      <Box component="mark" key={part.start} data-kind={part.kind} sx={markSx(part.kind)}>
        {text.slice(part.start, part.end)}
      </Box>,
    );
    at = part.end;
  }
  pieces.push(`${text.slice(at)} `);

  return (
    <Box component="span" sx={{ position: 'relative', display: 'flex', flex: 1, minWidth: 0 }}>
      <span
        ref={backdrop}
        aria-hidden="true"
        data-testid="quick-add-highlights"
        className={className}
        style={{
          position: 'absolute',
          inset: 0,
          width: 'auto',
          color: 'transparent',
          pointerEvents: 'none',
          overflow: 'hidden',
          whiteSpace: 'pre',
        }}
      >
        {pieces}
      </span>
      <input
        {...props}
        ref={(node) => {
          input.current = node;
          setRef(ref, node);
        }}
        className={className}
        style={{ ...props.style, position: 'relative', background: 'transparent' }}
        onScroll={(event) => {
          follow();
          props.onScroll?.(event);
        }}
        onSelect={(event) => {
          follow();
          props.onSelect?.(event);
        }}
      />
    </Box>
  );
}
