// The video's chapters under its retention curve: one numbered, titled segment per chapter,
// aligned with the chart's plot area (`inset`: the chart's margins and y axis), and the same
// chapters as a list that says where each starts and how many views were still watching there.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Chapter } from '../../../contract/chapters';
import { formatDuration } from '../../lib/format';

/** The retention chart's x axis runs over its 100 buckets, 0 to 99. */
const LAST_BUCKET = 99;

/** The retention bucket (x on the chart) a moment of the video falls in. */
export const chapterBucket = (seconds: number, duration: number) => Math.min(LAST_BUCKET, Math.floor((seconds / duration) * 100));

export function ChapterMarks({ chapters, duration, retention, inset }: { chapters: Chapter[]; duration: number; retention: number[]; inset: { left: number; right: number } }) {
  const headingId = useId();
  const bucketOf = (seconds: number) => chapterBucket(seconds, duration);
  // Where each chapter starts and ends on the axis, as a share of the plot's width.
  const edges = [...chapters.map((chapter) => bucketOf(chapter.start) / LAST_BUCKET), 1];
  return (
    <Box sx={{ mt: 1 }}>
      <Box aria-hidden sx={{ position: 'relative', height: 18, ml: `${inset.left}px`, mr: `${inset.right}px` }}>
        {chapters.map((chapter, index) => (
          <Box
            key={chapter.start}
            title={chapter.title}
            sx={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: `${edges[index]! * 100}%`,
              width: `calc(${(edges[index + 1]! - edges[index]!) * 100}% - 2px)`,
              borderRadius: 0.5,
              bgcolor: index % 2 ? 'action.selected' : 'action.focus',
              borderLeft: 2,
              borderColor: 'text.secondary',
              overflow: 'hidden',
              whiteSpace: 'nowrap',
              textOverflow: 'ellipsis',
              typography: 'caption',
              lineHeight: '18px',
              px: 0.5,
              color: 'text.primary',
            }}
          >
            {index + 1}. {chapter.title}
          </Box>
        ))}
      </Box>
      <Typography id={headingId} variant="body2" component="p" sx={{ fontWeight: 600, mt: 1.5 }}>
        Chapters
      </Typography>
      <Box component="ol" aria-labelledby={headingId} sx={{ m: 0, mt: 0.5, pl: 3, typography: 'body2' }}>
        {chapters.map((chapter) => (
          <li key={chapter.start}>
            <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}>
              {formatDuration(chapter.start)}
            </Box>{' '}
            {chapter.title}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {` · ${Math.round((retention[bucketOf(chapter.start)] ?? 0) * 100)}% still watching`}
            </Box>
          </li>
        ))}
      </Box>
    </Box>
  );
}
