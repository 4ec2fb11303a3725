// Tabs on phones: a scrolling tab row cuts its last label mid-word ('Liked Vide',
// 'Notificatio') and its scroll arrows indent the row 40 px out of line with the content. Below
// the `sm` breakpoint the profile and settings tabs are instead pills that wrap onto a second row,
// start flush with the content, and mark the current one by its fill (the underline cannot follow
// a wrapped row).
import type { SxProps, Theme } from '@mui/material/styles';

export const pillTabsSx: SxProps<Theme> = {
  minHeight: 0,
  '& .MuiTabs-list': { flexWrap: 'wrap', gap: 1 },
  '& .MuiTabs-indicator': { display: 'none' },
  '& .MuiTab-root': {
    minHeight: 36,
    minWidth: 0,
    px: 1.75,
    py: 0.75,
    borderRadius: 999,
    border: 1,
    borderColor: 'divider',
    whiteSpace: 'nowrap',
    color: 'text.primary',
  },
  '& .MuiTab-root.Mui-selected': { bgcolor: 'text.primary', color: 'background.default', borderColor: 'text.primary' },
};
