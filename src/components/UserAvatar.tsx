import Avatar from '@mui/material/Avatar';

/** An avatar image, or the first letter of the name when there is none (or it fails to load). */
export function UserAvatar({ name, src, size = 36 }: { name?: string | null; src?: string | null; size?: number }) {
  const initial = (name ?? '').trim().charAt(0).toUpperCase() || '?';
  return (
    <Avatar src={src || undefined} alt={name ?? ''} sx={{ width: size, height: size, fontSize: size * 0.45, bgcolor: 'secondary.dark', color: '#fff' }}>
      {initial}
    </Avatar>
  );
}
