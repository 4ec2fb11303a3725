// The top of a profile: cover, avatar, full name, @username, the four stat tiles,
// and either the owner's editing controls and links (the studio; for moderators, their tools) or
// Subscribe / Notifications / Share.
import GavelIcon from '@mui/icons-material/GavelOutlined';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUpOutlined';
import VideoLibraryIcon from '@mui/icons-material/VideoLibraryOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link } from 'react-router-dom';
import type { Profile } from '../../../contract/entities';
import { useAppSelector } from '../../lib/hooks';
import { StatTiles } from '../../components/StatTiles';
import { UserAvatar } from '../../components/UserAvatar';
import { formatCount } from '../../lib/format';
import { canModerate } from '../../lib/ownership';
import { selectCurrentUser } from '../auth/authSlice';
import { ChannelActions } from './ChannelActions';
import { FullNameEditor } from './FullNameEditor';
import { ImageEditControls } from './ImageEditControls';
import { useImageEdit } from './useImageEdit';

const AVATAR = { xs: 96, sm: 128 };

/**
 * On their own profile (the bottom bar's 'You', where phones have no side bar), the way to the
 * studio, and for moderators and admins to their tools.
 */
function OwnerLinks() {
  const viewer = useAppSelector(selectCurrentUser);
  return (
    <Box sx={{ pb: { sm: 1 }, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button component={Link} to="/studio" variant="outlined" size="small" startIcon={<InsightsIcon />} sx={{ borderRadius: 999 }}>
        Studio
      </Button>
      {canModerate(viewer) && (
        <Button component={Link} to="/moderation" variant="outlined" size="small" startIcon={<GavelIcon />} sx={{ borderRadius: 999 }}>
          Moderation
        </Button>
      )}
    </Box>
  );
}

export function ProfileHeader({ profile, isOwner }: { profile: Profile; isOwner: boolean }) {
  const cover = useImageEdit('cover');
  const avatar = useImageEdit('avatar');
  const coverSrc = cover.preview ?? profile.coverImage;
  const avatarSrc = avatar.preview ?? profile.avatar;
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));

  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Box
        sx={{
          position: 'relative',
          aspectRatio: { xs: '3 / 1', md: '6 / 1' },
          minHeight: 110,
          borderRadius: 3,
          overflow: 'hidden',
          background: 'linear-gradient(135deg, #b71c1c 0%, #4a148c 55%, #0d47a1 100%)',
        }}
      >
        {coverSrc && <Box component="img" src={coverSrc} alt={cover.preview ? 'New cover preview' : `${profile.fullName}'s cover`} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />}
        {isOwner && (
          <Box sx={{ position: 'absolute', top: 10, right: 10 }}>
            <ImageEditControls kind="cover" edit={cover} />
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 1.5, sm: 3 }, px: { xs: 1, sm: 3 }, alignItems: { xs: 'flex-start', sm: 'flex-end' } }}>
        <Box sx={{ position: 'relative', mt: { xs: '-48px', sm: '-56px' }, flexShrink: 0 }}>
          <Box sx={{ borderRadius: '50%', border: 4, borderColor: 'background.default', display: 'inline-flex', bgcolor: 'background.default' }}>
            <UserAvatar name={profile.fullName} src={avatarSrc} size={wide ? AVATAR.sm : AVATAR.xs} />
          </Box>
          {isOwner && (
            <Box sx={{ position: avatar.editing ? 'static' : 'absolute', right: 4, bottom: 4, mt: 1 }}>
              <ImageEditControls kind="avatar" edit={avatar} compact />
            </Box>
          )}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1, pb: { sm: 1 } }}>
          <FullNameEditor key={profile.fullName} fullName={profile.fullName} editable={isOwner} />
          <Typography color="text.secondary">@{profile.username}</Typography>
          {profile.bio && (
            <Typography variant="body2" sx={{ mt: 0.5, maxWidth: 720, overflowWrap: 'anywhere' }}>
              {profile.bio}
            </Typography>
          )}
        </Box>
        {!isOwner && (
          <Box sx={{ pb: { sm: 1 } }}>
            <ChannelActions profile={profile} />
          </Box>
        )}
        {isOwner && <OwnerLinks />}
      </Box>
      <Box sx={{ mt: 2.5 }}>
        <StatTiles
          label="Channel statistics"
          tiles={[
            { label: 'Videos', value: formatCount(profile.totalVideos), icon: <VideoLibraryIcon /> },
            { label: 'Subscribers', value: formatCount(profile.subscribersCount), icon: <PeopleIcon /> },
            { label: 'Views', value: formatCount(profile.totalViews), icon: <VisibilityIcon /> },
            { label: 'Likes', value: formatCount(profile.totalLikes), icon: <ThumbUpIcon /> },
          ]}
        />
      </Box>
    </Box>
  );
}
