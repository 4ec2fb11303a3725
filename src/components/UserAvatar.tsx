import Avatar from '@mui/material/Avatar';

const LAZY_IMG = { img: { loading: 'lazy' } } as const;

/**
 * An avatar image, or the first letter of the name when there is none (or it fails to load).
 * `lazy`: below the fold (comments, later cards): loaded near view, and not preloaded by a rendered page.
 */
export function UserAvatar({ name, src, size = 36, lazy = false }: { name?: string | null; src?: string | null; size?: number; lazy?: boolean }) {
  const initial = (name ?? '').trim().charAt(0).toUpperCase() || '?';
  return (
    <Avatar src={src || undefined} alt={name ?? ''} slotProps={lazy ? LAZY_IMG : undefined} sx={{ width: size, height: size, fontSize: size * 0.45, bgcolor: 'secondary.dark', color: '#fff' }}>
      {initial}
    </Avatar>
  );
}
