// The ⋮ menu of a video card is a feature's (save to playlist, download, share: features/watch),
// while the card is shared UI: the card asks this context for the menu, and the app shell provides
// it (app/App.tsx), so components import no feature. Without a provider a card shows no ⋮ button.
import { type ComponentType, createContext } from 'react';
import type { VideoCard } from '../../contract/entities';

export interface VideoCardMenuProps {
  video: VideoCard;
  anchor: HTMLElement;
  onClose: () => void;
}

export const VideoCardMenuContext = createContext<ComponentType<VideoCardMenuProps> | null>(null);
