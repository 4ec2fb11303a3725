// The studio's screens under /studio, one lazy chunk for both: the route table (in the first load)
// names this module only, so the studio adds one file name there, not the list of its chunks.
import { Route, Routes } from 'react-router-dom';
import StudioPage from './StudioPage';
import StudioVideoPage from './StudioVideoPage';

export default function StudioRoutes() {
  return (
    <Routes>
      <Route index element={<StudioPage />} />
      <Route path="videos/:videoId" element={<StudioVideoPage />} />
    </Routes>
  );
}
