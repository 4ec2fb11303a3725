// Marks the words of the query inside a result's text (case-insensitive).
import Box from '@mui/material/Box';
import { Fragment } from 'react';

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text cut into pieces, each saying whether it matches a word of the query. */
export function highlightParts(text: string, query: string): { text: string; match: boolean }[] {
  const words = [...new Set(query.split(/\s+/).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!words.length || !text) return [{ text, match: false }];
  const pattern = new RegExp(`(${words.map(escape).join('|')})`, 'gi');
  return text
    .split(pattern)
    .filter((piece) => piece !== '')
    .map((piece) => ({ text: piece, match: words.some((word) => word.toLowerCase() === piece.toLowerCase()) }));
}

export function Highlight({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, index) =>
        part.match ? (
          <Box component="mark" key={index} sx={{ bgcolor: 'warning.main', color: 'warning.contrastText', borderRadius: 0.5, px: 0.25 }}>
            {part.text}
          </Box>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
